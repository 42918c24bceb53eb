import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { readTestMesh } from '../../../tests/fixtures/test-meshes';

import { analyzeMesh } from './analyze';
import { GeometryError, triangleCount } from './mesh';
import { parseStl } from './stl';

function binaryStl(triangles: number[][]): Uint8Array {
  const bytes = new Uint8Array(84 + 50 * triangles.length);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode('solid but binary'));
  view.setUint32(80, triangles.length, true);
  triangles.forEach((t, i) => t.forEach((v, k) => view.setFloat32(84 + i * 50 + 12 + k * 4, v, true)));
  return bytes;
}

const errorOf = (bytes: Uint8Array) => {
  try {
    parseStl(bytes);
  } catch (error) {
    return error instanceof GeometryError ? `${error.code}: ${error.message}` : error;
  }
  return null;
};

describe('STL parser', () => {
  it('tells binary from ASCII by size, not by the header', () => {
    // These binary files begin with "solid".
    for (const file of ['angle_block.STL', 'origin_inside.STL', 'torus.STL', 'unit_cube.STL'])
      expect(new TextDecoder().decode(readTestMesh(file).subarray(0, 5)).toLowerCase()).toBe('solid');
    expect(triangleCount(parseStl(readTestMesh('unit_cube.STL')))).toBe(12);
    const tetrahedron = binaryStl([
      [0, 0, 0, 0, 1, 0, 1, 0, 0],
      [0, 0, 0, 0, 0, 1, 0, 1, 0],
      [0, 0, 0, 1, 0, 0, 0, 0, 1],
      [1, 0, 0, 0, 1, 0, 0, 0, 1],
    ]);
    const figures = analyzeMesh(parseStl(tetrahedron), 'cm');
    expect(figures.volumeMm3).toBeCloseTo(1000 / 6, 6);
    expect(figures.boundingBox.size).toEqual([10, 10, 10]);
    expect(figures).toMatchObject({ watertight: true, consistentlyOriented: true, components: 1 });
  });

  it('reads every coordinate of a binary file exactly, wherever the file lies in memory', () => {
    const coordinate = fc.oneof(
      fc.float({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(-0, 1e-45, -3.4028234663852886e38),
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(coordinate, { minLength: 9, maxLength: 9 }), { minLength: 1, maxLength: 9 }),
        fc.integer({ min: 0, max: 7 }),
        fc.option(fc.tuple(fc.nat(), fc.constantFrom(NaN, Infinity, -Infinity)), { nil: undefined }),
        (triangles, offset, bad) => {
          const file = binaryStl(triangles);
          const record = bad && bad[0] % triangles.length;
          if (bad) new DataView(file.buffer).setFloat32(84 + record! * 50 + 12 + (bad[0] % 9) * 4, bad[1], true);
          // The same bytes at `offset` in a larger buffer (a Buffer from Node's pool starts anywhere).
          const placed = new Uint8Array(file.length + 16).subarray(offset, offset + file.length);
          placed.set(file);
          if (bad) {
            expect(errorOf(placed)).toBe(`not_finite: STL: triangle ${record! + 1} has a NaN or infinite coordinate`);
            return;
          }
          const expected = Float32Array.from(triangles.flat());
          const read = parseStl(placed).positions;
          expect(new Int32Array(read.buffer)).toEqual(new Int32Array(expected.buffer));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads ASCII with several solids and upper-case keywords', () => {
    const text = `solid a\n FACET NORMAL 0 0 1\n OUTER LOOP\n VERTEX 0 0 0\n VERTEX 1 0 0\n VERTEX 0 1e0 0\n ENDLOOP\n ENDFACET\nendsolid a\nsolid b\nfacet normal 0 0 1 outer loop vertex 0 0 1 vertex 1 0 1 vertex 0 1 1 endloop endfacet endsolid`;
    const mesh = parseStl(new TextEncoder().encode(text));
    expect(Array.from(mesh.positions)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 1]);
    expect(analyzeMesh(mesh)).toMatchObject({ components: 2, boundaryEdges: 6, watertight: false });
  });

  it('names the problem of an empty, truncated or corrupt file', () => {
    expect(errorOf(new Uint8Array())).toBe('empty: STL: the file is empty');
    const cube = readTestMesh('20mm-xyz-cube.stl');
    expect(errorOf(cube.subarray(0, cube.length - 7))).toBe(
      'truncated: STL: the header announces 260 triangles (13084 bytes), the file has 13077 bytes',
    );
    expect(errorOf(new TextEncoder().encode('solid x\nfacet\nouter loop\nvertex 1 2 zebra\n'))).toMatch(
      /^malformed: ASCII STL: "zebra" is not a number/,
    );
    expect(
      errorOf(new TextEncoder().encode('solid x\nouter loop vertex 1 2 3 vertex 1 2 3 endloop')),
    ).toMatch(/^malformed: ASCII STL: 2 vertices in 1 facets/);
    expect(errorOf(new TextEncoder().encode('solid nothing\nendsolid'))).toBe('empty: ASCII STL: no facets');
    expect(errorOf(binaryStl([[0, 0, 0, NaN, 0, 0, 0, 1, 0]]))).toMatch(/^not_finite: STL: triangle 1/);
    expect(errorOf(binaryStl([[0, 0, 0, 1, 0, 0, 0, Infinity, 0]]))).toMatch(/^not_finite/);
    expect(
      errorOf(new TextEncoder().encode('solid x vertex 1 2 inf vertex 1 1 1 vertex 0 0 0 endloop')),
    ).toMatch(/^not_finite/);
  });

  it('never fails otherwise on mutated real files: a mesh with finite figures, or a GeometryError', () => {
    const sources = ['20mm-xyz-cube.stl', 'fuji_obj_ascii.stl', 'multibody.stl', 'unit_cube.STL'].map(
      readTestMesh,
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...sources),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 20 }),
        fc.option(fc.nat(), { nil: undefined }),
        (source, edits, cut) => {
          const bytes = source.slice(0, cut === undefined ? undefined : cut % (source.length + 1));
          for (const [at, value] of edits) if (bytes.length) bytes[at % bytes.length] = value;
          let mesh;
          try {
            mesh = parseStl(bytes);
          } catch (error) {
            expect(error).toBeInstanceOf(GeometryError);
            return;
          }
          const figures = analyzeMesh(mesh);
          expect(Number.isFinite(figures.volumeMm3) && Number.isFinite(figures.surfaceAreaMm2)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
