import { describe, expect, it } from 'vitest';

import { readTestMesh } from '../../../tests/fixtures/test-meshes';

import type { TriangleMesh } from './mesh';
import { estimatePrint, fdmMotion } from './print-estimate';
import { measurePrintQuantities } from './print-estimate-slices';
import type { Vec3 } from './printability';
import { parseStl } from './stl';

/** An axis-aligned box from `min` to `max`, wound outward. */
function box(min: Vec3, max: Vec3, inward = false): TriangleMesh {
  const [x0, y0, z0] = min;
  const [x1, y1, z1] = max;
  const quads: Vec3[][] = [
    [
      [x0, y0, z0],
      [x0, y1, z0],
      [x1, y1, z0],
      [x1, y0, z0],
    ], // bottom, facing -Z
    [
      [x0, y0, z1],
      [x1, y0, z1],
      [x1, y1, z1],
      [x0, y1, z1],
    ], // top
    [
      [x0, y0, z0],
      [x1, y0, z0],
      [x1, y0, z1],
      [x0, y0, z1],
    ], // front, -Y
    [
      [x0, y1, z0],
      [x0, y1, z1],
      [x1, y1, z1],
      [x1, y1, z0],
    ], // back
    [
      [x0, y0, z0],
      [x0, y0, z1],
      [x0, y1, z1],
      [x0, y1, z0],
    ], // left, -X
    [
      [x1, y0, z0],
      [x1, y1, z0],
      [x1, y1, z1],
      [x1, y0, z1],
    ], // right
  ];
  const out: number[] = [];
  for (const [a, b, c, d] of quads) {
    const triangles = inward ? [a, c, b, a, d, c] : [a, b, c, a, c, d];
    for (const corner of triangles) out.push(...corner!);
  }
  return { positions: new Float32Array(out) };
}

const upright = { orientation: 'as_uploaded' as const, down: [0, 0, -1] as Vec3 };
const total = (bands: number[][], column: number) => bands.reduce((sum, band) => sum + band[column]!, 0);

describe('measurePrintQuantities', () => {
  it('slices a 20 × 30 × 10 mm box: volume, perimeter × height, skins', () => {
    const q = measurePrintQuantities(box([0, 0, 0], [20, 30, 10]), upright);
    expect(q.heightMm).toBeCloseTo(10, 6);
    expect(q.volumeMm3).toBeCloseTo(6000, 0);
    expect(total(q.bands, 0)).toBeCloseTo(10, 3);
    expect(total(q.bands, 1)).toBeCloseTo(6000, 0);
    // Perimeter 100 mm all the way up: 100 × 10 mm².
    expect(total(q.bands, 2)).toBeCloseTo(1000, 0);
    // Top and bottom, 600 mm² each.
    expect(total(q.bands, 3)).toBeCloseTo(600, 0);
    expect(total(q.bands, 4)).toBeCloseTo(600, 0);
    expect(q.bands[0]![4]).toBeCloseTo(600, 0);
    expect(q.bands.at(-1)![3]).toBeCloseTo(600, 0);
    expect(q.bands.length).toBeLessThanOrEqual(64);
  });

  it('gives the same quantities for a box wound inside out, and in centimetres', () => {
    const q = measurePrintQuantities(box([0, 0, 0], [2, 3, 1], true), upright, 10);
    expect(q.volumeMm3).toBeCloseTo(6000, 0);
    expect(total(q.bands, 2)).toBeCloseTo(1000, 0);
  });

  it('turns the mesh to the orientation given: a box lying on its side is 30 mm high', () => {
    const q = measurePrintQuantities(box([0, 0, 0], [20, 30, 10]), {
      orientation: 'front_down',
      down: [0, -1, 0],
    });
    expect(q.heightMm).toBeCloseTo(30, 4);
    expect(q.volumeMm3).toBeCloseTo(6000, 0);
    // The 20 × 10 section's perimeter, 60 mm, over 30 mm.
    expect(total(q.bands, 2)).toBeCloseTo(1800, 0);
  });

  it('measures the 7/8 cube (56,000 mm³) and the 20 mm calibration cube (7,938.68 mm³)', () => {
    for (const [file, volume] of [
      ['7_8ths_cube.stl', 56_000],
      ['20mm-xyz-cube.stl', 7938.68],
    ] as const) {
      const q = measurePrintQuantities(parseStl(readTestMesh(file)), upright);
      expect(Math.abs(q.volumeMm3 / volume - 1)).toBeLessThan(0.005);
    }
  });

  it('a solid cube at 100 % infill weighs its volume × density', () => {
    const q = measurePrintQuantities(box([0, 0, 0], [20, 20, 20]), upright);
    const estimate = estimatePrint(q, { material: 'pla', layerHeightMm: 0.2, infillPercent: 100, walls: 2 });
    expect(estimate.massG).toBeCloseTo(8 * 1.24, 2);
    expect(estimate.layers).toBe(100);
    expect(estimate.filamentLengthMm).toBeCloseTo(8000 / (Math.PI * 0.875 ** 2), 0);
  });

  it('a hollow cube (0 % infill) weighs its walls and its skins inside them (to within the bands)', () => {
    const q = measurePrintQuantities(box([0, 0, 0], [20, 20, 20]), upright);
    const estimate = estimatePrint(q, { material: 'pla', layerHeightMm: 0.2, infillPercent: 0, walls: 2 });
    const ring = 80 * 2 * fdmMotion.lineWidthMm;
    const walls = ring * 20;
    const skins = 2 * (400 - ring) * fdmMotion.solidLayers * 0.2;
    const expected = ((walls + skins) / 1000) * 1.24;
    expect(Math.abs(estimate.massG / expected - 1)).toBeLessThan(0.05);
  });
});
