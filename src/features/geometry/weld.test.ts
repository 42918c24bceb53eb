import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { analyzeMesh, weldToleranceShare } from './analyze';
import { weldCorners } from './weld';

/** A closed, consistently oriented torus of `2 × rings × segments` triangles (as bench/mesh.ts writes it). */
function torus(rings: number, segments: number, major = 30, minor = 10, centre = [0, 0, 0]): number[] {
  const point = (i: number, j: number) => {
    const u = ((i % rings) / rings) * 2 * Math.PI;
    const v = ((j % segments) / segments) * 2 * Math.PI;
    return [
      centre[0]! + (major + minor * Math.cos(v)) * Math.cos(u),
      centre[1]! + (major + minor * Math.cos(v)) * Math.sin(u),
      centre[2]! + minor * Math.sin(v),
    ];
  };
  const corners: number[] = [];
  for (let i = 0; i < rings; i++)
    for (let j = 0; j < segments; j++)
      corners.push(
        ...point(i, j),
        ...point(i + 1, j),
        ...point(i + 1, j + 1),
        ...point(i, j),
        ...point(i + 1, j + 1),
        ...point(i, j + 1),
      );
  return corners;
}

/** A small deterministic generator (mulberry32), so that a failure can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** `value` (a float32) moved by `steps` representable float32 values. */
function float32Steps(value: number, steps: number): number {
  const f = new Float32Array([value]);
  const bits = new Int32Array(f.buffer);
  if (value === 0) return steps === 0 ? 0 : Math.sign(steps) * 1.4e-45 * Math.abs(steps);
  bits[0]! += value > 0 ? steps : -steps;
  return f[0]!;
}

/** The distance to the next float32 above |value|. */
const float32Gap = (value: number) =>
  float32Steps(Math.abs(Math.fround(value)), 1) - Math.abs(Math.fround(value));

describe('welding by distance', () => {
  it('welds two copies of a corner 6e-8 apart that fall on either side of a tolerance grid line', () => {
    // A unit tetrahedron (tolerance 1e-6) whose fourth vertex appears once at x = a and twice at
    // x = b, the next float32: 6e-8 apart, on either side of x = 0.5000005 (half a tolerance past a
    // multiple of it), where a welding grid of 1e-6 rounds them apart.
    const a = Math.fround(0.5000005);
    const b = float32Steps(a, a * 1e6 < 500000.5 ? 1 : -1);
    const [lower, upper] = a < b ? [a, b] : [b, a];
    expect(Math.round(lower * 1e6)).not.toBe(Math.round(upper * 1e6));
    expect(upper - lower).toBeLessThan(6.1e-8);
    const o = [0, 0, 0],
      x = [1, 0, 0],
      y = [0, 1, 0];
    const faces = [
      [o, y, x],
      [o, x, [a, 0.5, 1]],
      [x, y, [b, 0.5, 1]],
      [y, o, [b, 0.5, 1]],
    ];
    const figures = analyzeMesh({ positions: Float32Array.from(faces.flat(2)) });
    expect(figures.weldTolerance).toBeCloseTo(1e-6, 12);
    expect(figures).toMatchObject({ vertices: 4, boundaryEdges: 0, watertight: true, volumeReliable: true });
  });

  it('closes a 20,000-triangle torus with ±1 float32 step of noise on each corner copy', () => {
    const next = random(24);
    const positions = Float32Array.from(torus(100, 100)).map((v) =>
      float32Steps(v, Math.floor(next() * 3) - 1),
    );
    const figures = analyzeMesh({ positions });
    expect(figures).toMatchObject({
      triangles: 20_000,
      vertices: 10_000,
      boundaryEdges: 0,
      nonManifoldEdges: 0,
      watertight: true,
      volumeReliable: true,
    });
  });

  it('keeps the vertex count and watertightness of a closed mesh whose corners move by under a tenth of the tolerance', () => {
    fc.assert(
      fc.property(
        fc.record({
          rings: fc.integer({ min: 3, max: 24 }),
          segments: fc.integer({ min: 3, max: 24 }),
          major: fc.double({ min: 0.01, max: 1000, noNaN: true }),
          thickness: fc.double({ min: 0.05, max: 0.9, noNaN: true }),
          centre: fc.tuple(
            fc.double({ min: -1, max: 1, noNaN: true }),
            fc.double({ min: -1, max: 1, noNaN: true }),
            fc.double({ min: -1, max: 1, noNaN: true }),
          ),
          seed: fc.integer(),
        }),
        ({ rings, segments, major, thickness, centre, seed }) => {
          const clean = Float32Array.from(
            torus(
              rings,
              segments,
              major,
              major * thickness,
              centre.map((c) => c * major * 2),
            ),
          );
          const before = analyzeMesh({ positions: clean });
          expect(before).toMatchObject({ vertices: rings * segments, watertight: true });
          const tolerance = before.weldTolerance;
          // Each coordinate moves by at most 0.05 tolerance, a corner by under 0.09: by a random amount
          // where float32 is fine enough, else by whole float32 steps.
          const next = random(seed);
          const moved = clean.map((v) => {
            const gap = float32Gap(v);
            const candidate =
              gap <= 0.01 * tolerance
                ? Math.fround(v + (next() * 2 - 1) * 0.04 * tolerance)
                : float32Steps(v, Math.round((next() * 2 - 1) * Math.floor((0.05 * tolerance) / gap)));
            return Math.abs(candidate - v) <= 0.05 * tolerance ? candidate : v;
          });
          for (let c = 0; c < moved.length; c += 3)
            expect(
              Math.hypot(moved[c]! - clean[c]!, moved[c + 1]! - clean[c + 1]!, moved[c + 2]! - clean[c + 2]!),
            ).toBeLessThan(0.1 * tolerance);
          const after = analyzeMesh({ positions: moved });
          expect(after).toMatchObject({
            vertices: rings * segments,
            boundaryEdges: 0,
            nonManifoldEdges: 0,
            watertight: true,
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('puts corners within half a tolerance of well separated points on those points, and no others', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 40 }),
            fc.integer({ min: 0, max: 40 }),
            fc.integer({ min: 0, max: 40 }),
          ),
          {
            minLength: 1,
            maxLength: 40,
          },
        ),
        fc.integer(),
        (cells, seed) => {
          // Points on a lattice 3 tolerances apart (duplicates removed); corners scattered around them.
          const tolerance = 1e-3;
          const points = [...new Set(cells.map((c) => c.join()))].map((key) =>
            key.split(',').map((k) => Number(k) * 3 * tolerance),
          );
          const next = random(seed);
          const owner: number[] = [];
          const corners: number[] = [];
          for (let k = 0; k < points.length * 6; k++) {
            const which = k < points.length ? k : Math.floor(next() * points.length);
            const direction = [next() - 0.5, next() - 0.5, next() - 0.5];
            const length = Math.hypot(...direction) || 1;
            const distance = next() * 0.45 * tolerance;
            owner.push(which);
            corners.push(...points[which]!.map((p, axis) => p + (direction[axis]! / length) * distance));
          }
          const weld = weldCorners(Float32Array.from(corners), [0, 0, 0], tolerance);
          expect(weld.vertexCount).toBe(points.length);
          for (let c = 0; c < owner.length; c++)
            expect(weld.corners[c]).toBe(weld.corners[owner.indexOf(owner[c]!)]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('stays fast when many distinct corners crowd into one tolerance', () => {
    const next = random(7);
    const corners = new Float32Array(300_000);
    for (let i = 0; i < corners.length; i++) corners[i] = 1 + next() * 1e-7;
    corners.set([0, 0, 0, 1000, 1000, 1000], 0);
    const started = performance.now();
    const weld = weldCorners(corners, [0, 0, 0], 1000 * Math.sqrt(3) * weldToleranceShare);
    expect(weld.vertexCount).toBe(3);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('numbers vertices in the order their first corner appears, whatever the welds', () => {
    const positions = Float32Array.from([5, 5, 5, 0, 0, 0, 5, 5, 5.0000001, 9, 9, 9, 0, 0, 1e-7]);
    expect([...weldCorners(positions, [0, 0, 0], 1e-5).corners]).toEqual([0, 1, 0, 2, 1]);
  });

  it('welds exactly as comparing every point with every earlier vertex does (any corners, any order)', () => {
    const tolerance = 1e-3;
    // Corners on a lattice finer than the tolerance, so that many are within it of each other; -0
    // among them.
    const coordinate = fc.integer({ min: -6, max: 6 }).map((k) => (k === 0 ? -0 : k * tolerance * 0.37));
    fc.assert(
      fc.property(fc.array(fc.tuple(coordinate, coordinate, coordinate), { minLength: 1, maxLength: 120 }), (list) => {
        const positions = Float32Array.from(list.flat());
        // The grid's cells are 16 tolerances wide: these corners put a cell side among the points on each axis.
        const weld = weldCorners(positions, [-0.016, -0.0155, -0.0165], tolerance);
        const expected = weldEveryPair(positions, tolerance);
        expect(weld.vertexCount).toBe(expected.vertexCount);
        expect([...weld.corners]).toEqual(expected.corners);
      }),
      { numRuns: 300 },
    );
  });
});

/**
 * The weld's definition, quadratically: points (distinct coordinates, -0 as 0) in the order they first
 * appear; each joins every earlier vertex within the tolerance (merging those), or starts one.
 */
function weldEveryPair(p: Float32Array, tolerance: number): { corners: number[]; vertexCount: number } {
  const key = (c: number) => [0, 1, 2].map((k) => (p[c * 3 + k] === 0 ? 0 : p[c * 3 + k])).join(',');
  const pointOfKey = new Map<string, number>();
  const firstCorner: number[] = [];
  const pointOf = Array.from({ length: p.length / 3 }, (_, c) => {
    const k = key(c);
    if (!pointOfKey.has(k)) {
      pointOfKey.set(k, firstCorner.length);
      firstCorner.push(c);
    }
    return pointOfKey.get(k)!;
  });
  const group = firstCorner.map((_, i) => i);
  const find = (i: number): number => (group[i] === i ? i : (group[i] = find(group[i]!)));
  const vertices: number[] = [];
  firstCorner.forEach((corner, point) => {
    const near = vertices.filter((v) => {
      const d = [0, 1, 2].map((k) => p[firstCorner[v]! * 3 + k]! - p[corner * 3 + k]!);
      return d[0]! ** 2 + d[1]! ** 2 + d[2]! ** 2 <= tolerance * tolerance;
    });
    if (near.length === 0) vertices.push(point);
    for (const v of near) {
      const [a, b] = [find(v), find(point)];
      group[Math.max(a, b)] = Math.min(a, b);
    }
  });
  const number = new Map<number, number>();
  const corners = pointOf.map((point) => {
    const root = find(point);
    if (!number.has(root)) number.set(root, number.size);
    return number.get(root)!;
  });
  return { corners, vertexCount: number.size };
}
