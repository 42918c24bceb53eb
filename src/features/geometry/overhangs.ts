/**
 * Overhangs and support (issue 27, decision 0052). For each candidate orientation — the six
 * axis-aligned ones and the largest flat face down — the mesh is turned so that side faces the plate
 * (-Z), and every face is weighed: a face facing down more steeply than the threshold from vertical
 * (its outward normal's downward part above sin(threshold)) is an overhang, unless it lies on the
 * plate. Its area is the overhang area; its area projected onto the plate is the support estimate.
 *
 * Normals come from the winding (counter-clockwise seen from outside, as in thin-walls.ts). Every
 * overhang counts, whether support would stand on the plate or on the model below it, and a bridge
 * (a flat span between two pillars) counts as one: slicers may bridge short spans without support.
 */
import { triangleCount, type TriangleMesh } from './mesh';
import type { OrientationFigures, OrientationName, OverhangFigures, Vec3 } from './printability';

export const defaultOverhangDegrees = 45;

const axisCandidates: [OrientationName, Vec3][] = [
  ['as_uploaded', [0, 0, -1]],
  ['upside_down', [0, 0, 1]],
  ['front_down', [0, -1, 0]],
  ['back_down', [0, 1, 0]],
  ['left_down', [-1, 0, 0]],
  ['right_down', [1, 0, 0]],
];

/** A face exactly at the threshold (a 45° ramp at 45°) is not steeper than it: float noise aside. */
const angleSlack = 1e-6;

export function measureOverhangs(
  mesh: TriangleMesh,
  options: { thresholdDeg?: number; unitScale?: number } = {},
): OverhangFigures {
  const thresholdDeg = options.thresholdDeg ?? defaultOverhangDegrees;
  const unitScale = options.unitScale ?? 1;
  if (!(thresholdDeg >= 0 && thresholdDeg <= 90)) throw new RangeError('thresholdDeg must be 0..90');
  if (!(unitScale > 0)) throw new RangeError('unitScale must be positive');
  const p = mesh.positions;
  const surface = surfaceArea(p);
  const candidates: [OrientationName, Vec3][] = [...axisCandidates];
  const face = largestFlatFace(p);
  if (face && !axisCandidates.some(([, down]) => near(down, face)))
    candidates.push(['largest_face_down', face]);
  const sinThreshold = Math.sin((thresholdDeg * Math.PI) / 180);
  const figures = candidates.map(([name, down]) =>
    weigh(p, name, down, sinThreshold, unitScale, surface * unitScale ** 2),
  );
  // Support within 1 % of the surface of the least is as good: a few mm² less (under an engraved
  // letter) is not worth turning the model. Among those, the ones with the most of the model on the
  // plate (within a tenth of the most) hold best; then a lower print takes fewer layers; then a smaller
  // footprint leaves room on the plate; then the earlier candidate (as uploaded first).
  const least = Math.min(...figures.map((f) => f.supportAreaMm2));
  const supported = figures.filter((f) => f.supportAreaMm2 <= least + 0.01 * surface * unitScale ** 2);
  const most = Math.max(...supported.map((f) => f.plateContactMm2));
  const held = supported.filter((f) => f.plateContactMm2 >= most * 0.9);
  const better = (a: OrientationFigures, b: OrientationFigures) => {
    const height = 1e-6 * Math.max(a.sizeMm[2], b.sizeMm[2], 1);
    if (Math.abs(a.sizeMm[2] - b.sizeMm[2]) > height) return a.sizeMm[2] < b.sizeMm[2];
    const footprint = (f: OrientationFigures) => f.sizeMm[0] * f.sizeMm[1];
    return footprint(a) < footprint(b) * (1 - 1e-6);
  };
  let recommended = held[0]!;
  for (const candidate of held.slice(1)) if (better(candidate, recommended)) recommended = candidate;
  return {
    thresholdDeg,
    surfaceAreaMm2: surface * unitScale ** 2,
    asUploaded: figures[0]!,
    recommended,
    candidates: figures,
  };
}

const near = (a: Vec3, b: Vec3) =>
  Math.abs(a[0] - b[0]) < 1e-4 && Math.abs(a[1] - b[1]) < 1e-4 && Math.abs(a[2] - b[2]) < 1e-4;

function surfaceArea(p: Float32Array): number {
  let area = 0;
  for (let i = 0; i < p.length; i += 9) area += Math.hypot(...normal(p, i));
  return area / 2;
}

/** The cross product of the triangle's edges at `p[i..i+9)`: outward, twice its area long. */
function normal(p: Float32Array, i: number): Vec3 {
  const ux = p[i + 3]! - p[i]!,
    uy = p[i + 4]! - p[i + 1]!,
    uz = p[i + 5]! - p[i + 2]!;
  const vx = p[i + 6]! - p[i]!,
    vy = p[i + 7]! - p[i + 1]!,
    vz = p[i + 8]! - p[i + 2]!;
  return [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx];
}

/**
 * The outward normal of the largest flat face that does not face along an axis (those are candidates
 * already): faces are grouped by their normal (to a thousandth) and their plane's distance from the
 * origin (to a hundred-thousandth of the extent), their areas summed. Null when there is none.
 */
function largestFlatFace(p: Float32Array): Vec3 | null {
  let extent = 0;
  for (let i = 0; i < p.length; i++) extent = Math.max(extent, Math.abs(p[i]!));
  const planeStep = Math.max(extent, 1e-30) * 1e-5;
  const areas = new Map<string, { area: number; normal: Vec3 }>();
  for (let i = 0; i < p.length; i += 9) {
    const n = normal(p, i);
    const length = Math.hypot(...n);
    if (!(length > 0)) continue;
    const unit: Vec3 = [n[0] / length, n[1] / length, n[2] / length];
    if (axisCandidates.some(([, down]) => near(down, unit))) continue;
    const offset = unit[0] * p[i]! + unit[1] * p[i + 1]! + unit[2] * p[i + 2]!;
    const key = `${Math.round(unit[0] * 1e3)},${Math.round(unit[1] * 1e3)},${Math.round(unit[2] * 1e3)},${Math.round(offset / planeStep)}`;
    const group = areas.get(key);
    if (group) group.area += length;
    else areas.set(key, { area: length, normal: unit });
  }
  let best: { area: number; normal: Vec3 } | null = null;
  for (const group of areas.values()) if (!best || group.area > best.area) best = group;
  return best?.normal ?? null;
}

/** The rotation (row-major 3 × 3) turning the unit vector `down` onto -Z, the shortest way round. */
export function rotationPuttingDown(down: Vec3): number[] {
  // Turn up = -down onto +Z: R = I + [v]× + [v]×² / (1 + c), with v = up × Z and c = up · Z.
  const [ux, uy, uz] = [-down[0], -down[1], -down[2]];
  const c = uz;
  if (c < -1 + 1e-12) return [1, 0, 0, 0, -1, 0, 0, 0, -1];
  const vx = uy,
    vy = -ux;
  const k = 1 / (1 + c);
  return [
    1 - vy * vy * k,
    vx * vy * k,
    vy,
    vx * vy * k,
    1 - vx * vx * k,
    -vx,
    -vy,
    vx,
    1 - (vx * vx + vy * vy) * k,
  ];
}

function weigh(
  p: Float32Array,
  orientation: OrientationName,
  down: Vec3,
  sinThreshold: number,
  unitScale: number,
  surfaceMm2: number,
): OrientationFigures {
  const [r0, r1, r2, r3, r4, r5, r6, r7, r8] = rotationPuttingDown(down) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const count = triangleCount({ positions: p });
  // Two passes turning the corners on the fly: a turned copy would double the memory of a large mesh.
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i += 3) {
    const x = p[i]!,
      y = p[i + 1]!,
      z = p[i + 2]!;
    const tx = r0 * x + r1 * y + r2 * z,
      ty = r3 * x + r4 * y + r5 * z,
      tz = r6 * x + r7 * y + r8 * z;
    if (tx < min[0]) min[0] = tx;
    if (tx > max[0]) max[0] = tx;
    if (ty < min[1]) min[1] = ty;
    if (ty > max[1]) max[1] = ty;
    if (tz < min[2]) min[2] = tz;
    if (tz > max[2]) max[2] = tz;
  }
  const extent = count > 0 ? Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2]) : 0;
  const plate = min[2] + extent * 1e-5;
  let overhang = 0;
  let support = 0;
  let contact = 0;
  for (let i = 0; i < p.length; i += 9) {
    const ax = p[i]!,
      ay = p[i + 1]!,
      az = p[i + 2]!;
    const ux = p[i + 3]! - ax,
      uy = p[i + 4]! - ay,
      uz = p[i + 5]! - az;
    const vx = p[i + 6]! - ax,
      vy = p[i + 7]! - ay,
      vz = p[i + 8]! - az;
    const nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    // The turned normal's Z part: the third row of the rotation applied to the normal.
    const facing = r6 * nx + r7 * ny + r8 * nz;
    if (!(facing < 0)) continue;
    const doubleArea = Math.sqrt(nx * nx + ny * ny + nz * nz);
    const za = r6 * ax + r7 * ay + r8 * az;
    const top = Math.max(za, za + r6 * ux + r7 * uy + r8 * uz, za + r6 * vx + r7 * vy + r8 * vz);
    if (top <= plate) {
      contact += doubleArea;
      continue;
    }
    if (-facing / doubleArea > sinThreshold + angleSlack) {
      overhang += doubleArea;
      support -= facing;
    }
  }
  const mm2 = unitScale ** 2 / 2;
  const size = (axis: number) => (count > 0 ? (max[axis]! - min[axis]!) * unitScale : 0);
  return {
    orientation,
    down,
    overhangAreaMm2: overhang * mm2,
    overhangShare: surfaceMm2 > 0 ? (overhang * mm2) / surfaceMm2 : 0,
    supportAreaMm2: support * mm2,
    plateContactMm2: contact * mm2,
    sizeMm: [size(0), size(1), size(2)],
  };
}
