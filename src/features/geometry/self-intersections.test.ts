import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { groundTruths, readTestMesh } from '../../../tests/fixtures/test-meshes';

import { buildBvh } from './bvh';
import type { TriangleMesh } from './mesh';
import { parseObj } from './obj';
import {
  countSelfIntersections,
  countSelfIntersectionsBruteForce,
  trianglesIntersect,
} from './self-intersections';
import { parseStl } from './stl';

const truths = groundTruths((format) => format.includes('STL') || format === 'OBJ');
const read = (file: string): TriangleMesh =>
  (file.toLowerCase().endsWith('.obj') ? parseObj : parseStl)(readTestMesh(file));

/** Each corner's vertex number, corners at exactly the same position being one vertex. */
function exactWeld(mesh: TriangleMesh): Int32Array {
  const p = mesh.positions;
  const corners = new Int32Array(p.length / 3);
  const seen = new Map<string, number>();
  for (let c = 0; c < corners.length; c++) {
    const key = `${p[c * 3]},${p[c * 3 + 1]},${p[c * 3 + 2]}`;
    if (!seen.has(key)) seen.set(key, seen.size);
    corners[c] = seen.get(key)!;
  }
  return corners;
}

describe('countSelfIntersections against the ground truth', () => {
  it('covers the STL and OBJ test meshes, some of them self-intersecting', () => {
    expect(truths.length).toBeGreaterThanOrEqual(17);
    expect(truths.filter((t) => t.self_intersecting_pairs_approx > 0).map((t) => t.file)).toEqual(
      expect.arrayContaining(['soup.stl', 'teapot.stl']),
    );
  });

  for (const truth of truths) {
    it(`${truth.file}: ${truth.self_intersecting_pairs_approx === 0 ? 'none' : `at least ${truth.self_intersecting_pairs_approx}`}`, () => {
      // The ground truth is a lower bound (coplanar overlaps and adjacent triangles not counted).
      const mesh = read(truth.file);
      const found = countSelfIntersections(mesh);
      expect(found.capped || found.timedOut).toBe(false);
      if (truth.self_intersecting_pairs_approx === 0) expect(found.pairs).toBe(0);
      else expect(found.pairs).toBeGreaterThanOrEqual(truth.self_intersecting_pairs_approx);
      // The same with vertex numbers given, and (small meshes) by testing every pair.
      expect(countSelfIntersections(mesh, { corners: exactWeld(mesh) }).pairs).toBe(found.pairs);
      if (truth.triangles <= 2000) expect(countSelfIntersectionsBruteForce(mesh)).toBe(found.pairs);
    });
  }
});

describe('countSelfIntersections', () => {
  const tri = (...corners: number[]) => corners;
  const mesh = (...triangles: number[][]) => ({ positions: new Float32Array(triangles.flat()) });
  const flat = tri(0, 0, 0, 4, 0, 0, 0, 4, 0);

  it('counts crossing triangles, not touching, coplanar or adjacent ones', () => {
    // A vertical triangle through the middle of a horizontal one.
    expect(countSelfIntersections(mesh(flat, tri(1, 1, -1, 1, 1, 1, 2, 1, 1))).pairs).toBe(1);
    // An edge piercing the face.
    expect(countSelfIntersections(mesh(flat, tri(1, 1, -1, 1, 1, 2, 5, 5, 5))).pairs).toBe(1);
    // Standing on it (a corner on the face), touching along an edge, or above it.
    expect(countSelfIntersections(mesh(flat, tri(1, 1, 0, 1, 2, 1, 2, 1, 1))).pairs).toBe(0);
    expect(countSelfIntersections(mesh(flat, tri(1, 1, 0, 2, 1, 0, 2, 1, 1))).pairs).toBe(0);
    expect(countSelfIntersections(mesh(flat, tri(1, 1, 0.5, 1, 2, 1, 2, 1, 1))).pairs).toBe(0);
    // Overlapping in the same plane.
    expect(countSelfIntersections(mesh(flat, tri(1, 1, 0, 5, 1, 0, 1, 5, 0))).pairs).toBe(0);
    // Sharing a corner while crossing: adjacent, so not counted — unless the corners differ.
    const folded = tri(0, 0, 0, 2, 2, -1, 2, 2, 1);
    expect(countSelfIntersections(mesh(flat, folded)).pairs).toBe(0);
    expect(
      countSelfIntersections(mesh(flat, folded), { corners: new Int32Array([0, 1, 2, 3, 4, 5]) }).pairs,
    ).toBe(1);
    // Degenerate triangles cross nothing.
    expect(countSelfIntersections(mesh(flat, tri(1, 1, -1, 1, 1, 1, 1, 1, 1))).pairs).toBe(0);
  });

  it('caps the count, and stops at the time budget with a lower bound', () => {
    const soup = read('soup.stl');
    expect(countSelfIntersections(soup, { maxPairs: 10 })).toEqual({
      pairs: 10,
      capped: true,
      timedOut: false,
    });
    expect(countSelfIntersections(soup, { maxPairs: 5000 })).toEqual({
      pairs: 1248,
      capped: false,
      timedOut: false,
    });
    // 20,000 random triangles: hundreds of thousands of pairs to find, far more than 0 ms.
    const random = new Float32Array(20_000 * 9).map((_, i) => (Math.sin(i * 12.9898) * 43758.5453) % 1);
    const stopped = countSelfIntersections({ positions: random }, { timeBudgetMs: 0 });
    expect(stopped.timedOut).toBe(true);
    expect(stopped.capped).toBe(false);
  });

  it('handles an empty mesh and checks its options', () => {
    expect(countSelfIntersections({ positions: new Float32Array(0) })).toEqual({
      pairs: 0,
      capped: false,
      timedOut: false,
    });
    expect(() => countSelfIntersections(mesh(flat), { corners: new Int32Array(2) })).toThrow(RangeError);
    expect(() => countSelfIntersections(mesh(flat), { bvh: buildBvh(mesh(flat, flat)) })).toThrow(RangeError);
  });

  // A mesh whose corners come from a small pool of points, so that triangles share corners (adjacent)
  // as well as cross; coordinates from fast-check's biased integers give coplanar and touching cases too.
  const pooledMesh = fc
    .record({
      pool: fc.array(
        fc.tuple(
          fc.integer({ min: -8, max: 8 }),
          fc.integer({ min: -8, max: 8 }),
          fc.integer({ min: -8, max: 8 }),
        ),
        {
          minLength: 3,
          maxLength: 40,
        },
      ),
      picks: fc.array(fc.nat(), { minLength: 3, maxLength: 240 }),
      leafSize: fc.integer({ min: 1, max: 8 }),
    })
    .map(({ pool, picks, leafSize }) => {
      const count = Math.floor(picks.length / 3);
      const corners = new Int32Array(count * 3).map((_, c) => picks[c]! % pool.length);
      // Distinct pool entries can hold the same point: weld them, as an exact weld would.
      const keys = pool.map((v) => v.join());
      corners.forEach((v, c) => (corners[c] = keys.indexOf(keys[v]!)));
      const positions = new Float32Array(count * 9).map(
        (_, i) => pool[corners[Math.floor(i / 3)]!]![i % 3]! / 3,
      );
      return { mesh: { positions }, corners, leafSize };
    });

  it('finds the same pairs as testing every pair (random meshes, BVH of any leaf size)', () => {
    fc.assert(
      fc.property(pooledMesh, ({ mesh, corners, leafSize }) => {
        const expected = countSelfIntersectionsBruteForce(mesh);
        const bvh = buildBvh(mesh, { leafSize });
        expect(countSelfIntersections(mesh, { bvh }).pairs).toBe(expected);
        expect(countSelfIntersections(mesh, { bvh, corners }).pairs).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe('trianglesIntersect', () => {
  /** Whether segment p→q crosses the inside of triangle t (Möller–Trumbore), away from its edges. */
  const segmentCrosses = (p: number[], q: number[], t: number[]) => {
    const d = [q[0]! - p[0]!, q[1]! - p[1]!, q[2]! - p[2]!];
    const e1 = [t[3]! - t[0]!, t[4]! - t[1]!, t[5]! - t[2]!];
    const e2 = [t[6]! - t[0]!, t[7]! - t[1]!, t[8]! - t[2]!];
    const cross = (a: number[], b: number[]) => [
      a[1]! * b[2]! - a[2]! * b[1]!,
      a[2]! * b[0]! - a[0]! * b[2]!,
      a[0]! * b[1]! - a[1]! * b[0]!,
    ];
    const dot = (a: number[], b: number[]) => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
    const h = cross(d, e2);
    const det = dot(e1, h);
    if (det === 0) return false;
    const s = [p[0]! - t[0]!, p[1]! - t[1]!, p[2]! - t[2]!];
    const u = dot(s, h) / det;
    const r = cross(s, e1);
    const v = dot(d, r) / det;
    const along = dot(e2, r) / det;
    return u > 0 && v > 0 && u + v < 1 && along > 0 && along < 1;
  };
  /** Two triangles in general position meet if and only if an edge of one crosses the other. */
  const oracle = (a: number[], b: number[]) =>
    [a, b].some((t, k) => {
      const other = k === 0 ? b : a;
      return [0, 1, 2].some((e) =>
        segmentCrosses(t.slice(e * 3, e * 3 + 3), t.slice(((e + 1) % 3) * 3, ((e + 1) % 3) * 3 + 3), other),
      );
    });

  it('agrees with edge–triangle crossings on random triangle pairs', () => {
    // Unbiased coordinates on a fine grid: the general position the oracle needs.
    const coordinate = fc.noBias(fc.integer({ min: -1_000_000, max: 1_000_000 })).map((x) => x / 1_000_000);
    const triangle = fc.array(coordinate, { minLength: 9, maxLength: 9 });
    let crossing = 0;
    fc.assert(
      fc.property(triangle, triangle, (a, b) => {
        const expected = oracle(a, b);
        if (expected) crossing++;
        expect(trianglesIntersect(a, 0, b, 0, 1e-9)).toBe(expected);
        expect(trianglesIntersect(b, 0, a, 0, 1e-9)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
    // Enough of both outcomes to mean something.
    expect(crossing).toBeGreaterThan(100);
  });
});
