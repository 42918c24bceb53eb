/**
 * What every family promises (see family.ts), checked on a number of seeds: the test of each family file
 * calls `expectFamilyKeepsItsPromises`. Uses the marketplace's own analysis, so a family that passes is
 * also watertight, without self-intersections, on the model page.
 */
import { expect } from 'vitest';

import { analyzeMeshWithWeld } from '@/features/geometry/analyze';
import { countSelfIntersections } from '@/features/geometry/self-intersections';
import { Random } from '@/lib/random';

import { bounds, checkSolid, toTriangleMesh } from '../solid';
import type { Family } from './family';

export const triangleBudget = { min: 1_000, max: 200_000 } as const;

export function expectFamilyKeepsItsPromises(family: Family, seeds: readonly number[] = [1, 2, 3, 17, 2024]) {
  expect(family.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  expect(family.words.length).toBeGreaterThan(0);
  expect(family.categories.every((slug) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug))).toBe(true);
  const looks = new Set<string>();
  for (const seed of seeds) {
    const solid = family.build(new Random(seed));
    const where = `${family.name}, seed ${seed}`;
    const check = checkSolid(solid);
    expect(check.badEdge, where).toBeNull();
    expect(check.degenerate, where).toBe(0);
    expect(check.volume, where).toBeGreaterThan(0);
    expect(check.triangles, where).toBeGreaterThanOrEqual(triangleBudget.min);
    expect(check.triangles, where).toBeLessThanOrEqual(triangleBudget.max);
    const [x0, y0, z0, x1, y1, z1] = bounds(solid);
    expect(Math.abs(z0), `${where} stands on z = 0`).toBeLessThan(1e-6);
    const largest = Math.max(x1 - x0, y1 - y0, z1 - z0);
    expect(largest, `${where}: a printable size, 5 to 400 mm`).toBeGreaterThanOrEqual(5);
    expect(largest, `${where}: a printable size, 5 to 400 mm`).toBeLessThanOrEqual(400);

    const mesh = toTriangleMesh(solid);
    const { figures, corners } = analyzeMeshWithWeld(mesh, 'mm');
    expect(figures.watertight, where).toBe(true);
    expect(figures.consistentlyOriented, where).toBe(true);
    expect(figures.degenerateFaces, where).toBe(0);
    expect(countSelfIntersections(mesh, { corners }).pairs, `${where}: self-intersections`).toBe(0);

    const again = family.build(new Random(seed));
    expect(
      Buffer.from(again.positions.buffer).equals(Buffer.from(solid.positions.buffer)),
      `${where} is deterministic`,
    ).toBe(true);
    expect(
      Buffer.from(again.triangles.buffer).equals(Buffer.from(solid.triangles.buffer)),
      `${where} is deterministic`,
    ).toBe(true);
    looks.add(`${check.triangles}:${(x1 - x0).toFixed(2)}:${(y1 - y0).toFixed(2)}:${(z1 - z0).toFixed(2)}`);
  }
  expect(looks.size, `${family.name}: different seeds give different objects`).toBe(seeds.length);
}
