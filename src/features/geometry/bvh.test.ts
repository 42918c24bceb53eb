import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { readTestMesh } from '../../../tests/fixtures/test-meshes';

import { buildBvh, bvhExtent, bvhNodeCount, nearestHit, type MeshBvh } from './bvh';
import type { TriangleMesh } from './mesh';
import { parseStl } from './stl';

/** Every structural promise of a BVH: a permutation, leaves within size, boxes holding their contents. */
function checkBvh(mesh: TriangleMesh, bvh: MeshBvh) {
  const n = mesh.positions.length / 9;
  expect(bvh.triangles).toBe(n);
  expect(bvh.nodeCount).toBe(n === 0 ? 0 : bvhNodeCount(n, bvh.leafSize));
  expect([...bvh.order].sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
  const unordered = new Float32Array(n * 9);
  for (let s = 0; s < n; s++) unordered.set(bvh.positions.subarray(s * 9, s * 9 + 9), bvh.order[s]! * 9);
  expect(unordered).toEqual(mesh.positions);
  const inside = (node: number, x: number, y: number, z: number) => {
    const b = bvh.boxes.subarray(node * 6, node * 6 + 6);
    return b[0]! <= x && x <= b[3]! && b[1]! <= y && y <= b[4]! && b[2]! <= z && z <= b[5]!;
  };
  // Walk the tree: every slot is reached once, from a leaf whose box and ancestors' boxes hold it.
  const reached = new Array<number>(n).fill(0);
  let outside = 0;
  const walk = (node: number, ancestors: number[]) => {
    const first = bvh.nodes[node * 2]!;
    const count = bvh.nodes[node * 2 + 1]!;
    if (count === 0) {
      expect(first).toBeGreaterThan(node);
      walk(first, [...ancestors, node]);
      walk(first + 1, [...ancestors, node]);
      return;
    }
    expect(count).toBeLessThanOrEqual(bvh.leafSize);
    for (let s = first; s < first + count; s++) {
      reached[s]!++;
      for (let c = 0; c < 3; c++) {
        const [x, y, z] = bvh.positions.subarray(s * 9 + c * 3, s * 9 + c * 3 + 3);
        for (const box of [...ancestors, node]) if (!inside(box, x!, y!, z!)) outside++;
      }
    }
  };
  if (n > 0) walk(0, []);
  expect(reached.every((r) => r === 1)).toBe(true);
  expect(outside).toBe(0);
}

/** Nearest hit by testing every triangle (Möller–Trumbore, either side). */
function bruteNearest(p: Float32Array, o: number[], d: number[], tMin: number, tMax: number): number {
  let best = Infinity;
  for (let i = 0; i < p.length; i += 9) {
    const e1 = [p[i + 3]! - p[i]!, p[i + 4]! - p[i + 1]!, p[i + 5]! - p[i + 2]!];
    const e2 = [p[i + 6]! - p[i]!, p[i + 7]! - p[i + 1]!, p[i + 8]! - p[i + 2]!];
    const h = [
      d[1]! * e2[2]! - d[2]! * e2[1]!,
      d[2]! * e2[0]! - d[0]! * e2[2]!,
      d[0]! * e2[1]! - d[1]! * e2[0]!,
    ];
    const det = e1[0]! * h[0]! + e1[1]! * h[1]! + e1[2]! * h[2]!;
    if (det === 0) continue;
    const s = [o[0]! - p[i]!, o[1]! - p[i + 1]!, o[2]! - p[i + 2]!];
    const u = (s[0]! * h[0]! + s[1]! * h[1]! + s[2]! * h[2]!) / det;
    const q = [
      s[1]! * e1[2]! - s[2]! * e1[1]!,
      s[2]! * e1[0]! - s[0]! * e1[2]!,
      s[0]! * e1[1]! - s[1]! * e1[0]!,
    ];
    const v = (d[0]! * q[0]! + d[1]! * q[1]! + d[2]! * q[2]!) / det;
    const t = (e2[0]! * q[0]! + e2[1]! * q[1]! + e2[2]! * q[2]!) / det;
    if (u >= 0 && v >= 0 && u + v <= 1 && t > tMin && t < tMax && t < best) best = t;
  }
  return best;
}

const randomSoup = fc
  .record({
    coordinates: fc.array(fc.noBias(fc.integer({ min: -1000, max: 1000 })), { minLength: 0, maxLength: 900 }),
    leafSize: fc.integer({ min: 1, max: 12 }),
  })
  .map(({ coordinates, leafSize }) => ({
    mesh: {
      positions: new Float32Array(coordinates.slice(0, coordinates.length - (coordinates.length % 9))),
    },
    leafSize,
  }));

describe('buildBvh', () => {
  it('builds a valid tree over the test meshes', () => {
    for (const file of ['unit_sphere.STL', 'soup.stl', 'teapot.stl', 'angle_block.STL', 'unit_cube.STL']) {
      const mesh = parseStl(readTestMesh(file));
      const bvh = buildBvh(mesh);
      checkBvh(mesh, bvh);
      expect(bvh.leafSize).toBe(8);
    }
    const sphere = buildBvh(parseStl(readTestMesh('unit_sphere.STL')));
    expect(bvhExtent(sphere)).toBeCloseTo(2, 5);
  });

  it('builds a valid tree over random triangles, any leaf size', () => {
    fc.assert(
      fc.property(randomSoup, ({ mesh, leafSize }) => checkBvh(mesh, buildBvh(mesh, { leafSize }))),
      { numRuns: 150 },
    );
  });

  it('keeps its size small: node count known in advance, under n / 2 nodes for leaves of 8', () => {
    expect(bvhNodeCount(8, 8)).toBe(1);
    expect(bvhNodeCount(9, 8)).toBe(3);
    expect(bvhNodeCount(1_000_000, 8)).toBeLessThan(500_000);
    expect(buildBvh({ positions: new Float32Array(0) }).nodeCount).toBe(0);
    expect(() => buildBvh({ positions: new Float32Array(9) }, { leafSize: 0 })).toThrow(RangeError);
  });
});

describe('nearestHit', () => {
  it('finds the same nearest hit as testing every triangle', () => {
    const ray = fc.array(fc.noBias(fc.integer({ min: -1000, max: 1000 })), { minLength: 6, maxLength: 6 });
    fc.assert(
      fc.property(randomSoup, fc.array(ray, { minLength: 1, maxLength: 20 }), ({ mesh, leafSize }, rays) => {
        const bvh = buildBvh(mesh, { leafSize });
        for (const r of rays) {
          const o = r.slice(0, 3).map((x) => x * 1.3);
          const d = r.slice(3);
          if (d.every((x) => x === 0)) continue;
          const expected = bruteNearest(mesh.positions, o, d, 0, 10);
          const found = nearestHit(bvh, o[0]!, o[1]!, o[2]!, d[0]!, d[1]!, d[2]!, 0, 10);
          if (expected === Infinity) expect(found).toBe(Infinity);
          else expect(found).toBeCloseTo(expected, 9);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('casts axis-aligned rays (zero direction components) and skips a slot', () => {
    const cube = parseStl(readTestMesh('unit_cube.STL'));
    const bvh = buildBvh(cube, { leafSize: 1 });
    const [minX, minY, minZ] = bvh.boxes;
    // From the middle of the cube along +x: the face half a side away.
    const mx = minX! + 0.5,
      my = minY! + 0.5,
      mz = minZ! + 0.5;
    expect(nearestHit(bvh, mx, my, mz, 1, 0, 0, 0, Infinity)).toBeCloseTo(0.5, 6);
    expect(nearestHit(bvh, mx, my, mz, 0, 0, -2, 0, Infinity)).toBeCloseTo(0.25, 6);
    expect(nearestHit(bvh, mx, my, mz, 1, 0, 0, 0, 0.4)).toBe(Infinity);
    // From outside, away from the cube.
    expect(nearestHit(bvh, mx + 2, my, mz, 1, 0, 0, 0, Infinity)).toBe(Infinity);
    // Off the face's diagonal, one triangle is hit; skipping it leaves nothing ahead.
    const hits = [...Array(12).keys()].filter(
      (s) => nearestHit(bvh, mx, my + 0.1, mz + 0.3, 1, 0, 0, 0, Infinity, s) === Infinity,
    );
    expect(hits).toHaveLength(1);
  });
});
