import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { box, lathe, sphere, torus, type Point2 } from '@/seed/procedural/primitives';
import { checkSolid, merge, toTriangleMesh, translate, type Solid } from '@/seed/procedural/solid';

import { analyzeMesh, type LengthUnit, type MeshFigures } from '../analyze';
import { type TriangleMesh } from '../mesh';
import { parseMeshFile } from '../parse';

import { writeMeshFile, writtenMeshFormats, type WrittenMeshFormat } from './index';

/** What the marketplace does with a stored file: parse by extension, turn glTF upright (as analysis-task.ts does). */
function readBack(format: WrittenMeshFormat, solid: Solid, name = 'Test object') {
  const file = writeMeshFile(solid, format, name);
  const parsed = parseMeshFile(file.bytes, file.fileName);
  const mesh = parsed.mesh;
  if (format === 'glb') {
    const p = mesh.positions;
    for (let i = 0; i < p.length; i += 3) {
      const y = p[i + 1]!;
      p[i + 1] = -p[i + 2]!;
      p[i + 2] = y;
    }
  }
  return { file, mesh, unit: (parsed.unit ?? file.unit) as LengthUnit };
}

/** How far a coordinate may move in `format`, for a value of magnitude `size` mm. */
const tolerance = (format: WrittenMeshFormat, size: number) =>
  format === 'obj' || format === '3mf' ? 5e-5 + size * 1.2e-7 : size * 1.2e-7 + 1e-9;

function expectSameTriangles(
  format: WrittenMeshFormat,
  parsed: TriangleMesh,
  unit: LengthUnit,
  solid: Solid,
) {
  const original = toTriangleMesh(solid).positions;
  expect(parsed.positions.length).toBe(original.length);
  const scale = unit === 'm' ? 1000 : 1;
  let worst = 0;
  for (let i = 0; i < original.length; i++) {
    const error = Math.abs(parsed.positions[i]! * scale - original[i]!);
    worst = Math.max(worst, error - tolerance(format, Math.abs(original[i]!)));
  }
  expect(worst).toBeLessThanOrEqual(0);
}

const expectedFigures = new WeakMap<Solid, MeshFigures>();

function expectSameFigures(parsed: TriangleMesh, unit: LengthUnit, solid: Solid) {
  let expected = expectedFigures.get(solid);
  if (!expected) expectedFigures.set(solid, (expected = analyzeMesh(toTriangleMesh(solid), 'mm')));
  const figures = analyzeMesh(parsed, unit);
  expect(figures.watertight).toBe(true);
  expect(figures.consistentlyOriented).toBe(true);
  expect(figures.triangles).toBe(expected.triangles);
  expect(figures.vertices).toBe(expected.vertices);
  expect(figures.volumeMm3 / expected.volumeMm3).toBeCloseTo(1, 5);
  for (const key of ['min', 'max', 'size'] as const)
    for (let k = 0; k < 3; k++)
      expect(figures.boundingBox[key][k]).toBeCloseTo(expected.boundingBox[key][k]!, 3);
}

const cube = box(-10, -10, 0, 10, 10, 20);
const ring = torus(20, 6);
/** 250 rings of 280 vertices and the two poles: 70,002 vertices, past 16-bit indices. */
const large = sphere(40, 251, 280);

describe.each(writtenMeshFormats)('%s writer', (format) => {
  it.each([
    ['a cube', cube],
    ['a torus', ring],
    ['a cube and a torus as one file', merge(cube, translate(ring, 0, 0, 40))],
  ])('round-trips %s through the marketplace parser and analysis', (_, solid) => {
    const { mesh, unit } = readBack(format, solid);
    expectSameTriangles(format, mesh, unit, solid);
    expectSameFigures(mesh, unit, solid);
  });

  it('round-trips a mesh of 70,002 vertices', () => {
    expect(large.positions.length / 3).toBeGreaterThan(70_000);
    const { mesh, unit } = readBack(format, large);
    expectSameTriangles(format, mesh, unit, large);
    expectSameFigures(mesh, unit, large);
  });

  it('writes the same bytes for the same mesh', () => {
    const first = writeMeshFile(ring, format, 'Torus ring').bytes;
    const second = writeMeshFile(torus(20, 6), format, 'Torus ring').bytes;
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
  });

  it('names the file after the object', () => {
    expect(writeMeshFile(cube, format, 'Chaisé Longue, 1:10!').fileName).toBe(`chaise-longue-1-10.${format}`);
  });

  it('refuses a mesh without triangles or with an index past its vertices', () => {
    expect(() =>
      writeMeshFile({ positions: new Float64Array(9), triangles: new Uint32Array() }, format, 'x'),
    ).toThrow(RangeError);
    expect(() =>
      writeMeshFile({ positions: new Float64Array(9), triangles: Uint32Array.of(0, 1, 3) }, format, 'x'),
    ).toThrow(/index 3/);
  });

  it('round-trips random boxes and lathed solids (property)', () => {
    const coordinate = fc.double({ min: -200, max: 200, noNaN: true });
    const extent = fc.double({ min: 2, max: 150, noNaN: true });
    const randomBox = fc
      .tuple(coordinate, coordinate, coordinate, extent, extent, extent)
      .map(([x, y, z, dx, dy, dz]) => box(x, y, z, x + dx, y + dy, z + dz));
    const randomLathe = fc
      .record({
        radii: fc.array(fc.double({ min: 1, max: 80, noNaN: true }), { minLength: 1, maxLength: 8 }),
        steps: fc.array(fc.double({ min: 0.5, max: 30, noNaN: true }), { minLength: 9, maxLength: 9 }),
        segments: fc.integer({ min: 3, max: 40 }),
      })
      .map(({ radii, steps, segments }) => {
        // Up the outside from the bottom pole to the top pole: (0, z0), (r1, z1) … (0, zn).
        let z = 0;
        const profile: Point2[] = [[0, 0]];
        radii.forEach((r, i) => profile.push([r, (z += steps[i]!)]));
        profile.push([0, z + steps[radii.length]!]);
        return lathe(profile, segments);
      });
    fc.assert(
      fc.property(fc.oneof(randomBox, randomLathe), (solid) => {
        expect(checkSolid(solid).closedAndOriented).toBe(true);
        const { mesh, unit } = readBack(format, solid);
        expectSameTriangles(format, mesh, unit, solid);
        const figures = analyzeMesh(mesh, unit);
        expect(figures.watertight).toBe(true);
        expect(figures.volumeMm3 / checkSolid(solid).volume).toBeCloseTo(1, 3);
      }),
      { numRuns: 25 },
    );
  });
});
