import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { readTestMesh } from '../../../tests/fixtures/test-meshes';

import { analyzeMesh } from './analyze';
import { GeometryError } from './mesh';
import { parseObj } from './obj';

const encode = (text: string) => new TextEncoder().encode(text);
const errorOf = (text: string) => {
  try {
    parseObj(encode(text));
  } catch (error) {
    return error instanceof GeometryError ? `${error.code}: ${error.message}` : error;
  }
  return null;
};

describe('OBJ parser', () => {
  it('splits polygons into triangles and reads negative indices and v/vt/vn corners', () => {
    // A unit cube: six quads, some written with relative (negative) indices.
    const cube = `# cube
o Cube
v 0 0 0
v 1 0 0
v 1 1 0
v 0 1 0
v 0 0 1
v 1 0 1
v 1 1 1
v 0 1 1
vt 0 0
vn 0 0 1
g sides
f 1/1/1 4/1/1 3/1/1 2/1/1
f 5 6 7 8
f 1 2 6 5
f 2 3 7 6
f -5 -1 -2 -6
f 4 1 5 8
`;
    const figures = analyzeMesh(parseObj(encode(cube)));
    expect(figures).toMatchObject({
      triangles: 12,
      vertices: 8,
      watertight: true,
      consistentlyOriented: true,
    });
    expect(figures.volumeMm3).toBeCloseTo(1, 9);
  });

  it('names the line of a bad vertex or face', () => {
    expect(errorOf('')).toBe('empty: OBJ: the file is empty');
    expect(errorOf('v 0 0 0\n')).toBe('empty: OBJ: no faces');
    expect(errorOf('v 0 0\nf 1 1 1')).toBe('malformed: OBJ line 1: a vertex needs x, y and z');
    expect(errorOf('v 0 0 x')).toBe('malformed: OBJ line 1: "x" is not a finite number');
    expect(errorOf('v 0 0 1e999')).toBe('not_finite: OBJ line 1: "1e999" is not a finite number');
    expect(errorOf('v 0 0 9e99')).toBe(
      'not_finite: OBJ line 1: "9e99" is beyond the range of 32-bit floats (±3.4028235e+38)',
    );
    expect(errorOf('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 4')).toBe(
      'malformed: OBJ line 4: vertex "4" does not exist (3 vertices so far)',
    );
    expect(errorOf('v 0 0 0\nv 1 0 0\nf 1 2')).toBe('malformed: OBJ line 3: a face needs 3 vertices');
  });

  it('never fails otherwise on mutated real files', () => {
    const sources = ['box.obj', 'fuze.obj'].map((file) => new TextDecoder().decode(readTestMesh(file)));
    fc.assert(
      fc.property(
        fc.constantFrom(...sources),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom('-', '/', ' ', '\n', 'f', 'v', '0', '9', 'e', '.')), {
          maxLength: 20,
        }),
        (source, edits) => {
          const chars = [...source];
          for (const [at, value] of edits) chars[at % chars.length] = value;
          let mesh;
          try {
            mesh = parseObj(encode(chars.join('')));
          } catch (error) {
            expect(error).toBeInstanceOf(GeometryError);
            return;
          }
          expect(Number.isFinite(analyzeMesh(mesh).volumeMm3)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
