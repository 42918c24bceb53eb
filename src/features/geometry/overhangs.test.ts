import { describe, expect, it } from 'vitest';

import { readTestMesh } from '../../../tests/fixtures/test-meshes';

import type { TriangleMesh } from './mesh';
import { measureOverhangs, rotationPuttingDown } from './overhangs';
import type { OrientationFigures, OverhangFigures, Vec3 } from './printability';
import { parseStl } from './stl';

type Point = [number, number];

/** The triangle a, b, c wound so its normal points along `outward`. */
function facing(a: Vec3, b: Vec3, c: Vec3, outward: Vec3): number[] {
  const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  const n = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
  const along = n[0]! * outward[0] + n[1]! * outward[1] + n[2]! * outward[2];
  return along >= 0 ? [...a, ...b, ...c] : [...a, ...c, ...b];
}

/**
 * A closed prism: the polygon `outline` in the XZ plane (counter-clockwise, X right, Z up) swept
 * `depth` along +Y. Its two end caps are given as convex pieces tiling the outline.
 */
function prism(outline: Point[], caps: Point[][], depth: number): TriangleMesh {
  const out: number[] = [];
  outline.forEach(([x0, z0], i) => {
    const [x1, z1] = outline[(i + 1) % outline.length]!;
    const outward: Vec3 = [z1 - z0, 0, -(x1 - x0)];
    const a: Vec3 = [x0, 0, z0],
      b: Vec3 = [x1, 0, z1],
      c: Vec3 = [x1, depth, z1],
      d: Vec3 = [x0, depth, z0];
    out.push(...facing(a, b, c, outward), ...facing(a, c, d, outward));
  });
  for (const piece of caps)
    for (const [y, outward] of [
      [0, [0, -1, 0]],
      [depth, [0, 1, 0]],
    ] as [number, Vec3][]) {
      const at = ([x, z]: Point): Vec3 => [x, y, z];
      for (let k = 1; k + 1 < piece.length; k++)
        out.push(...facing(at(piece[0]!), at(piece[k]!), at(piece[k + 1]!), outward));
    }
  return { positions: new Float32Array(out) };
}

const rectangle = (x0: number, z0: number, x1: number, z1: number): Point[] => [
  [x0, z0],
  [x1, z0],
  [x1, z1],
  [x0, z1],
];

const box = (x: number, y: number, z: number) => prism(rectangle(0, 0, x, z), [rectangle(0, 0, x, z)], y);

const candidate = (figures: OverhangFigures, name: OrientationFigures['orientation']) =>
  figures.candidates.find((c) => c.orientation === name)!;

describe('measureOverhangs on hand-built meshes with known answers', () => {
  /** A slab whose right side is a 45° underside: 10 mm wide at the plate, 20 mm at the top, 10 deep. */
  const rampOutline: Point[] = [
    [0, 0],
    [10, 0],
    [20, 10],
    [0, 10],
  ];
  const ramp = prism(rampOutline, [rampOutline], 10);

  it('does not count a 45° underside at a 45° threshold, and counts it below', () => {
    const at45 = measureOverhangs(ramp);
    expect(at45.thresholdDeg).toBe(45);
    expect(at45.asUploaded.overhangAreaMm2).toBe(0);
    expect(at45.asUploaded.supportAreaMm2).toBe(0);
    expect(at45.asUploaded.plateContactMm2).toBeCloseTo(100, 6);

    const at44 = measureOverhangs(ramp, { thresholdDeg: 44 });
    // The underside: √2 × 10 mm by 10 mm; projected onto the plate, 10 × 10 mm.
    expect(at44.asUploaded.overhangAreaMm2).toBeCloseTo(Math.SQRT2 * 100, 4);
    expect(at44.asUploaded.supportAreaMm2).toBeCloseTo(100, 4);
    // Upside down the 20 × 10 mm top lies on the plate and nothing hangs over.
    expect(at44.recommended).toMatchObject({ orientation: 'upside_down', supportAreaMm2: 0 });
    expect(at44.recommended.plateContactMm2).toBeCloseTo(200, 6);
    expect(at44.recommended.sizeMm.map((v) => +v.toFixed(6))).toEqual([20, 10, 10]);
  });

  /** A T 30 mm wide and 25 tall, 40 deep: a 5 mm bar on a 10 mm stem, arms 10 mm out each side. */
  const tee = prism(
    [
      [10, 0],
      [20, 0],
      [20, 20],
      [30, 20],
      [30, 25],
      [0, 25],
      [0, 20],
      [10, 20],
    ],
    [rectangle(0, 20, 30, 25), rectangle(10, 0, 20, 20)],
    40,
  );

  it('finds the undersides of an overhanging T, and that it prints upside down without support', () => {
    const figures = measureOverhangs(tee);
    // Two arms, 10 × 40 mm each, facing straight down.
    expect(figures.asUploaded.overhangAreaMm2).toBeCloseTo(800, 6);
    expect(figures.asUploaded.supportAreaMm2).toBeCloseTo(800, 6);
    // Surface: two caps of 350 mm² and the 110 mm outline swept 40 mm.
    expect(figures.surfaceAreaMm2).toBeCloseTo(5100, 6);
    expect(figures.asUploaded.overhangShare).toBeCloseTo(800 / 5100, 9);
    expect(figures.asUploaded.plateContactMm2).toBeCloseTo(400, 6);
    expect(figures.recommended).toMatchObject({ orientation: 'upside_down', supportAreaMm2: 0 });
    expect(figures.recommended.plateContactMm2).toBeCloseTo(1200, 6);
    // Lying on a cap the T needs no support either, but holds with less (350 mm²).
    expect(candidate(figures, 'front_down')).toMatchObject({ supportAreaMm2: 0 });
    expect(candidate(figures, 'front_down').sizeMm.map((v) => +v.toFixed(6))).toEqual([30, 25, 40]);
  });

  /** A bridge: two 10 mm pillars 20 tall, 20 mm apart, under a 10 mm deck; 40 deep. */
  const bridge = prism(
    [
      [0, 0],
      [10, 0],
      [10, 20],
      [30, 20],
      [30, 0],
      [40, 0],
      [40, 30],
      [0, 30],
    ],
    [rectangle(0, 0, 10, 20), rectangle(30, 0, 40, 20), rectangle(0, 20, 40, 30)],
    40,
  );

  it('counts the span of a bridge as needing support, and none upside down', () => {
    const figures = measureOverhangs(bridge);
    expect(figures.asUploaded.overhangAreaMm2).toBeCloseTo(800, 6);
    expect(figures.asUploaded.supportAreaMm2).toBeCloseTo(800, 6);
    expect(figures.asUploaded.plateContactMm2).toBeCloseTo(800, 6);
    expect(figures.surfaceAreaMm2).toBeCloseTo(2 * 800 + 180 * 40, 6);
    expect(figures.recommended).toMatchObject({ orientation: 'upside_down', supportAreaMm2: 0 });
    expect(figures.recommended.plateContactMm2).toBeCloseTo(1600, 6);
    // On its side the pillars' inner faces hang over: 20 × 40 mm, facing down.
    expect(candidate(figures, 'left_down').supportAreaMm2).toBeCloseTo(800, 6);
  });

  /** A 20 mm cube turned 45° about X: it stands on an edge, two faces sloping down at 45°. */
  const onEdge = (() => {
    const mesh = box(20, 20, 20);
    const c = Math.SQRT1_2;
    const p = mesh.positions;
    for (let i = 0; i < p.length; i += 3) {
      const y = p[i + 1]!,
        z = p[i + 2]!;
      p[i + 1] = c * y - c * z;
      p[i + 2] = c * y + c * z;
    }
    return mesh;
  })();

  it('stands a cube on an edge: no plate contact, and its largest flat face is the way to print it', () => {
    const at45 = measureOverhangs(onEdge);
    expect(at45.asUploaded.supportAreaMm2).toBe(0);
    expect(at45.asUploaded.plateContactMm2).toBe(0);
    const size = at45.asUploaded.sizeMm;
    expect(size[0]).toBeCloseTo(20, 4);
    expect(size[1]).toBeCloseTo(20 * Math.SQRT2, 4);
    expect(size[2]).toBeCloseTo(20 * Math.SQRT2, 4);
    expect(at45.recommended.orientation).toBe('largest_face_down');
    expect(at45.recommended.plateContactMm2).toBeCloseTo(400, 3);
    for (const v of at45.recommended.sizeMm) expect(v).toBeCloseTo(20, 4);

    const at30 = measureOverhangs(onEdge, { thresholdDeg: 30 });
    // Both lower faces, 20 × 20 mm, at 45° from vertical; their shadow is 20 × 20√2 mm.
    expect(at30.asUploaded.overhangAreaMm2).toBeCloseTo(800, 3);
    expect(at30.asUploaded.supportAreaMm2).toBeCloseTo(800 * Math.SQRT1_2, 3);
    expect(at30.recommended).toMatchObject({ orientation: 'largest_face_down' });
    expect(at30.recommended.supportAreaMm2).toBeCloseTo(0, 6);
  });

  it('gives a cube no overhang in any orientation, and keeps it as uploaded', () => {
    const figures = measureOverhangs(box(10, 20, 30));
    expect(figures.candidates.map((c) => c.orientation)).toEqual([
      'as_uploaded',
      'upside_down',
      'front_down',
      'back_down',
      'left_down',
      'right_down',
    ]);
    for (const c of figures.candidates) expect(c.supportAreaMm2).toBe(0);
    // Lowest of the equal contacts: 10 × 20 on the plate is least; 20 × 30 lying down wins.
    expect(figures.recommended.orientation).toBe('left_down');
    expect(figures.recommended.sizeMm.map((v) => +v.toFixed(6)).sort()).toEqual([10, 20, 30]);
  });

  it('scales areas by the unit', () => {
    const inCm = measureOverhangs(tee, { unitScale: 10 });
    expect(inCm.asUploaded.overhangAreaMm2).toBeCloseTo(80_000, 3);
    expect(inCm.recommended.sizeMm[2]).toBeCloseTo(250, 4);
  });

  it('turns a down direction onto -Z', () => {
    const directions: Vec3[] = [
      [0, 0, -1],
      [0, 0, 1],
      [1, 0, 0],
      [0, -1, 0],
      [Math.SQRT1_2, 0, -Math.SQRT1_2],
      [0.48, 0.6, 0.64],
    ];
    for (const d of directions) {
      const r = rotationPuttingDown(d);
      const turned = [0, 1, 2].map(
        (row) => r[row * 3]! * d[0] + r[row * 3 + 1]! * d[1] + r[row * 3 + 2]! * d[2],
      );
      expect(turned[0]).toBeCloseTo(0, 12);
      expect(turned[1]).toBeCloseTo(0, 12);
      expect(turned[2]).toBeCloseTo(-1, 12);
    }
  });
});

describe('measureOverhangs on a shared mesh with a closed-form answer', () => {
  it('7_8ths_cube.stl (40 mm cube less its +X +Y +Z octant): the notch overhangs on the three sides opposite it', () => {
    const figures = measureOverhangs(parseStl(readTestMesh('7_8ths_cube.stl')));
    expect(figures.surfaceAreaMm2).toBeCloseTo(9600, 1);
    const support = Object.fromEntries(figures.candidates.map((c) => [c.orientation, c.supportAreaMm2]));
    expect(support.as_uploaded).toBe(0);
    expect(support.left_down).toBe(0);
    expect(support.front_down).toBe(0);
    // Turned so the notch is below: its 20 × 20 mm floor (or wall) faces the plate, 20 mm up.
    expect(support.upside_down).toBeCloseTo(400, 2);
    expect(support.right_down).toBeCloseTo(400, 2);
    expect(support.back_down).toBeCloseTo(400, 2);
    expect(figures.recommended.orientation).toBe('as_uploaded');
    expect(figures.recommended.plateContactMm2).toBeCloseTo(1600, 2);
  });

  it('20mm-xyz-cube.stl stays as uploaded: other sides need a few mm² less support at most, within 1 % of its surface', () => {
    const figures = measureOverhangs(parseStl(readTestMesh('20mm-xyz-cube.stl')));
    const least = Math.min(...figures.candidates.map((c) => c.supportAreaMm2));
    expect(figures.asUploaded.supportAreaMm2 - least).toBeLessThan(0.01 * figures.surfaceAreaMm2);
    expect(figures.asUploaded.supportAreaMm2).toBeGreaterThan(least);
    expect(figures.recommended.orientation).toBe('as_uploaded');
  });
});
