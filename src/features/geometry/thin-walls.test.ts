import { describe, expect, it } from 'vitest';

import { readTestMesh } from '../../../tests/fixtures/test-meshes';

import { buildBvh } from './bvh';
import type { TriangleMesh } from './mesh';
import { parseStl } from './stl';
import { measureThinWalls } from './thin-walls';

type Vec3 = [number, number, number];

/** The 12 triangles of a box, wound so their normals point out of it (`outward`) or into it. */
function boxTriangles(min: Vec3, max: Vec3, outward: boolean): number[] {
  const out: number[] = [];
  for (let axis = 0; axis < 3; axis++)
    for (const side of [0, 1]) {
      const u = (axis + 1) % 3,
        v = (axis + 2) % 3;
      const corner = (a: number, b: number): Vec3 => {
        const c: Vec3 = [0, 0, 0];
        c[axis] = (side ? max : min)[axis]!;
        c[u] = (a ? max : min)[u]!;
        c[v] = (b ? max : min)[v]!;
        return c;
      };
      // (u, v, axis) is right-handed: counter-clockwise in (u, v) faces +axis.
      let quad = [corner(0, 0), corner(1, 0), corner(1, 1), corner(0, 1)];
      if ((side === 1) !== outward) quad = quad.reverse();
      out.push(...quad[0]!, ...quad[1]!, ...quad[2]!, ...quad[0]!, ...quad[2]!, ...quad[3]!);
    }
  return out;
}

/** A closed hollow box: an outer box of side `size` and, `wall` inside it, a box wound inward. */
function hollowBox(size: number, wall: number, scale = 1): TriangleMesh {
  const s = (v: number[]) => v.map((x) => x * scale) as Vec3;
  return {
    positions: new Float32Array([
      ...boxTriangles(s([0, 0, 0]), s([size, size, size]), true),
      ...boxTriangles(s([wall, wall, wall]), s([size - wall, size - wall, size - wall]), false),
    ]),
  };
}

/**
 * The share a perfect sampler finds thin in a hollow box with walls under the threshold: all of the
 * inner faces, and the outer faces except a band `wall` wide along their edges (there the inward ray
 * runs inside a side wall and meets no face ahead).
 */
function expectedThinShare(size: number, wall: number): number {
  const inner = 6 * (size - 2 * wall) ** 2;
  const outer = 6 * size ** 2;
  return (inner + outer * ((size - 2 * wall) / size) ** 2) / (inner + outer);
}

describe('measureThinWalls on hollow boxes (20 mm, closed, inner box wound inward)', () => {
  // Tolerance: 20,000 stratified samples estimate a share with a standard error below 0.002; ±0.01.
  for (const wall of [0.1, 0.19]) {
    it(`finds a ${wall} mm wall thin almost everywhere`, () => {
      const mesh = hollowBox(20, wall);
      const result = measureThinWalls(mesh);
      const totalArea = 6 * 20 ** 2 + 6 * (20 - 2 * wall) ** 2;
      expect(result.samples).toBe(20_000);
      expect(result.thresholdMm).toBe(0.2);
      expect(result.share).toBeGreaterThan(0.97);
      expect(Math.abs(result.share - expectedThinShare(20, wall))).toBeLessThanOrEqual(0.01);
      // Float corners: the area matches to a millionth.
      expect(Math.abs(result.thinAreaMm2 - result.share * totalArea)).toBeLessThanOrEqual(totalArea * 1e-6);
    });
  }

  for (const wall of [0.21, 1]) {
    it(`finds no thin wall at ${wall} mm`, () => {
      const result = measureThinWalls(hollowBox(20, wall));
      expect(result.share).toBe(0);
      expect(result.thinAreaMm2).toBe(0);
    });
  }

  it('reads the threshold in millimetres whatever the file unit', () => {
    // The 0.19 mm box written in centimetres (1 unit = 10 mm), and a 0.21 mm one.
    const thin = measureThinWalls(hollowBox(20, 0.19, 0.1), { unitScale: 10 });
    const mm = measureThinWalls(hollowBox(20, 0.19));
    expect(Math.abs(thin.share - mm.share)).toBeLessThanOrEqual(0.01);
    expect(thin.thinAreaMm2).toBeCloseTo(thin.share * (6 * 400 + 6 * 19.62 ** 2), 1);
    expect(measureThinWalls(hollowBox(20, 0.21, 0.1), { unitScale: 10 }).share).toBe(0);
    // A 1 mm wall is thin under a 1.5 mm threshold.
    expect(measureThinWalls(hollowBox(20, 1), { thresholdMm: 1.5 }).share).toBeGreaterThan(0.85);
  });

  it('takes inward from the winding: reversed faces and open meshes find nothing ahead', () => {
    const box = hollowBox(20, 0.1);
    const reversed = new Float32Array(box.positions.length);
    for (let t = 0; t < reversed.length; t += 9) {
      reversed.set(box.positions.subarray(t, t + 3), t);
      reversed.set(box.positions.subarray(t + 6, t + 9), t + 3);
      reversed.set(box.positions.subarray(t + 3, t + 6), t + 6);
    }
    // Rays leave the solid: outward from the outer box, across the 19.8 mm cavity from the inner one.
    expect(measureThinWalls({ positions: reversed }).share).toBe(0);
    // Only the outer box: its rays cross the whole box.
    expect(measureThinWalls({ positions: box.positions.slice(0, 12 * 9) }).share).toBe(0);
  });

  it('is deterministic for a seed, and seeds agree within the sampling error', () => {
    const mesh = hollowBox(20, 0.1);
    const bvh = buildBvh(mesh);
    const a = measureThinWalls(mesh, { seed: 7, bvh });
    expect(measureThinWalls(mesh, { seed: 7 })).toEqual(a);
    const b = measureThinWalls(mesh, { seed: 8, bvh });
    expect(Math.abs(a.share - b.share)).toBeLessThanOrEqual(0.01);
    expect(measureThinWalls(mesh, { samples: 500, bvh }).samples).toBe(500);
  });

  it('reports nothing for a mesh without area, and no thin wall on a solid unit cube', () => {
    expect(measureThinWalls({ positions: new Float32Array(0) })).toEqual({
      thinAreaMm2: 0,
      share: 0,
      samples: 0,
      thresholdMm: 0.2,
      smallestFeatureMm: null,
      probeMm: 2,
      shareThinnerThan: { '0.4': 0, '0.8': 0 },
    });
    expect(measureThinWalls({ positions: new Float32Array(9) }).samples).toBe(0);
    expect(measureThinWalls(parseStl(readTestMesh('unit_cube.STL'))).share).toBe(0);
    expect(() => measureThinWalls(hollowBox(20, 1), { samples: 0 })).toThrow(RangeError);
  });

  it('measures the smallest feature: the thickness 1 % of the surface is thinner than', () => {
    // A 0.5 mm wall all round: every sample that meets the opposite wall meets it 0.5 mm in.
    const half = measureThinWalls(hollowBox(20, 0.5));
    expect(half.smallestFeatureMm).toBeCloseTo(0.5, 4);
    expect(half.shareThinnerThan['0.4']).toBe(0);
    expect(half.shareThinnerThan['0.8']).toBeGreaterThan(0.9);
    // A 1 mm wall in centimetres is 10 mm: beyond the 2 mm probe, so none is found.
    const thick = measureThinWalls(hollowBox(20, 1), { unitScale: 10 });
    expect(thick.smallestFeatureMm).toBeNull();
    expect(thick.shareThinnerThan['0.8']).toBe(0);
    expect(measureThinWalls(hollowBox(20, 0.3), { probeMm: 5 }).smallestFeatureMm).toBeCloseTo(0.3, 4);
    expect(() => measureThinWalls(hollowBox(20, 1), { probeMm: 0 })).toThrow(RangeError);
  });
});
