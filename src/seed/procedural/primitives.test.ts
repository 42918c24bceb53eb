import { describe, expect, it } from 'vitest';

import { box, cylinder, extrude, loft, sphere, torus, tube } from './primitives';
import { polygonize, smoothUnion, sphereSdf, subtract, boxSdf } from './sdf';
import { checkSolid, merge, rotate, scale, translate, type Solid, type Vec3 } from './solid';

const closed = (solid: Solid) => {
  const check = checkSolid(solid);
  expect(check.badEdge).toBeNull();
  expect(check.degenerate).toBe(0);
  return check.volume;
};

describe('procedural primitives', () => {
  it('a box and a cylinder enclose their volumes', () => {
    expect(closed(box(0, 0, 0, 10, 20, 30))).toBeCloseTo(6000, 6);
    expect(closed(cylinder(10, 0, 10, 256))).toBeCloseTo(Math.PI * 1000, -1);
  });

  it('a sphere and a torus are closed and close to their exact volumes', () => {
    expect(closed(sphere(10, 64, 128)) / ((4 / 3) * Math.PI * 1000)).toBeGreaterThan(0.99);
    expect(closed(torus(20, 5, 128, 64)) / (2 * Math.PI ** 2 * 20 * 25)).toBeGreaterThan(0.99);
  });

  it('extrudes a concave outline of either winding', () => {
    const l: [number, number][] = [
      [0, 0],
      [30, 0],
      [30, 10],
      [10, 10],
      [10, 30],
      [0, 30],
    ];
    expect(closed(extrude(l, 0, 5))).toBeCloseTo(2500, 6);
    expect(closed(extrude([...l].reverse(), 0, 5))).toBeCloseTo(2500, 6);
  });

  it('lofts sections and sweeps open and closed tubes', () => {
    const square = (z: number, s: number): Vec3[] => [
      [-s, -s, z],
      [s, -s, z],
      [s, s, z],
      [-s, s, z],
    ];
    expect(closed(loft([square(0, 5), square(10, 5)]))).toBeCloseTo(1000, 6);
    const path: Vec3[] = Array.from({ length: 20 }, (_, i) => [
      Math.cos(i / 3) * 20,
      Math.sin(i / 3) * 20,
      i * 2,
    ]);
    expect(closed(tube(path, 2, 12))).toBeGreaterThan(0);
    const loop: Vec3[] = Array.from({ length: 90 }, (_, i) => {
      const t = (i / 90) * Math.PI * 2;
      return [
        Math.cos(2 * t) * (20 + 6 * Math.cos(3 * t)),
        Math.sin(2 * t) * (20 + 6 * Math.cos(3 * t)),
        6 * Math.sin(3 * t),
      ];
    });
    expect(closed(tube(loop, 2, 12, true))).toBeGreaterThan(0);
  });

  it('keeps triangles facing outwards through mirroring and rotation', () => {
    const solid = merge(
      translate(box(0, 0, 0, 1, 2, 3), 5, 0, 0),
      rotate(scale(box(0, 0, 0, 1, 2, 3), -1, 1, 1), 'x', 1),
    );
    expect(closed(solid)).toBeCloseTo(12, 6);
  });

  it('polygonizes blended and carved shapes into one closed shell near the exact volume', () => {
    const ball = polygonize(sphereSdf(0, 0, 0, 10), [-11, -11, -11], [11, 11, 11], 0.5);
    expect(closed(ball) / ((4 / 3) * Math.PI * 1000)).toBeGreaterThan(0.97);
    const carved = subtract(
      smoothUnion(2, sphereSdf(0, 0, 0, 8), sphereSdf(10, 0, 0, 6)),
      boxSdf(0, 0, 8, 4, 4, 4),
    );
    expect(closed(polygonize(carved, [-10, -10, -10], [18, 10, 10], 0.6))).toBeGreaterThan(0);
  });
});
