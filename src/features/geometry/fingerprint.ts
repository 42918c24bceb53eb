/**
 * A mesh's shape fingerprint (decision 0057): a fixed-length vector that stays (nearly) the same when
 * the mesh is moved, turned, scaled uniformly, mirrored or triangulated differently, so a re-upload of
 * another seller's model is found however it was placed. Three exact surface figures (the spread of
 * the surface along its principal axes, and its compactness) and two shape distributions from points
 * sampled on the surface with a fixed seed (D2: distances between pairs of points; D1: distances from
 * the surface's centroid), each measured relative to its own mean so the scale drops out.
 */
import type { TriangleMesh } from './mesh';

/** Bins of the D2 histogram (pair distances over their mean, from 0 to `histogramRange`). */
export const d2Bins = 32;
/** Bins of the D1 histogram (distances from the centroid over their mean). */
export const d1Bins = 16;
const histogramRange = 3;
/** [middle / largest spread, smallest / largest spread, compactness, ...D2, ...D1]. */
export const fingerprintLength = 3 + d2Bins + d1Bins;
/** Points sampled on the surface. */
const samplePoints = 16_384;
/** 32 − log2(samplePoints): a 32-bit draw shifted by this picks a point. */
const pointBitsShift = 32 - Math.log2(samplePoints);
/** Pairs of those points (drawn with the same seed) whose distances make up D2. */
const samplePairs = 1 << 21;
const seed = 0x5eed_f00d;

/**
 * Distance at or under which two fingerprints are the same shape. Moved, turned, scaled, re-meshed and
 * mirrored copies of the shared test meshes stay under 0.025; the closest two different shapes of the
 * test sets are 0.054 apart (fingerprint.test.ts, decision 0057).
 */
export const sameShapeDistance = 0.04;

export type Fingerprint = Float32Array;

/** A small, fast, seeded generator (mulberry32): the same mesh always gets the same samples. */
function seededRandom(start: number): () => number {
  let state = start >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Eigenvalues of a symmetric 3 × 3 matrix, largest first (the closed form for symmetric matrices). */
export function symmetricEigenvalues(
  a: number,
  b: number,
  c: number,
  d: number,
  e: number,
  f: number,
): [number, number, number] {
  // Matrix [[a, d, f], [d, b, e], [f, e, c]].
  const p1 = d * d + e * e + f * f;
  if (p1 <= 1e-30 * (a * a + b * b + c * c)) {
    const sorted = [a, b, c].sort((x, y) => y - x);
    return [sorted[0]!, sorted[1]!, sorted[2]!];
  }
  const q = (a + b + c) / 3;
  const p2 = (a - q) ** 2 + (b - q) ** 2 + (c - q) ** 2 + 2 * p1;
  const p = Math.sqrt(p2 / 6);
  const [ba, bb, bc, bd, be, bf] = [(a - q) / p, (b - q) / p, (c - q) / p, d / p, e / p, f / p];
  const det = ba * (bb * bc - be * be) - bd * (bd * bc - be * bf) + bf * (bd * be - bb * bf);
  const r = Math.min(1, Math.max(-1, det / 2));
  const phi = Math.acos(r) / 3;
  const largest = q + 2 * p * Math.cos(phi);
  const smallest = q + 2 * p * Math.cos(phi + (2 * Math.PI) / 3);
  return [largest, 3 * q - largest - smallest, smallest];
}

interface SurfaceMoments {
  area: number;
  centroid: [number, number, number];
  /** Area-weighted covariance of the surface about its centroid: xx, yy, zz, xy, yz, xz. */
  covariance: [number, number, number, number, number, number];
  /** Triangle areas summed up to and including each triangle, for sampling. */
  cumulative: Float64Array;
}

function surfaceMoments(p: Float32Array): SurfaceMoments {
  const count = p.length / 9;
  const cumulative = new Float64Array(count);
  let area = 0;
  let cx = 0,
    cy = 0,
    cz = 0;
  for (let t = 0, i = 0; t < count; t++, i += 9) {
    const ux = p[i + 3]! - p[i]!,
      uy = p[i + 4]! - p[i + 1]!,
      uz = p[i + 5]! - p[i + 2]!;
    const vx = p[i + 6]! - p[i]!,
      vy = p[i + 7]! - p[i + 1]!,
      vz = p[i + 8]! - p[i + 2]!;
    const nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    const a = Math.sqrt(nx * nx + ny * ny + nz * nz) / 2;
    area += a;
    cumulative[t] = area;
    cx += (a * (p[i]! + p[i + 3]! + p[i + 6]!)) / 3;
    cy += (a * (p[i + 1]! + p[i + 4]! + p[i + 7]!)) / 3;
    cz += (a * (p[i + 2]! + p[i + 5]! + p[i + 8]!)) / 3;
  }
  const centroid: [number, number, number] = area > 0 ? [cx / area, cy / area, cz / area] : [0, 0, 0];
  // ∫ x xᵀ dA over a triangle = A/12 (Σ vᵢvᵢᵀ + (Σ vᵢ)(Σ vᵢ)ᵀ), with the corners taken about the centroid.
  const m = [0, 0, 0, 0, 0, 0];
  for (let t = 0, i = 0; t < count; t++, i += 9) {
    const a = cumulative[t]! - (t > 0 ? cumulative[t - 1]! : 0);
    if (a === 0) continue;
    let sx = 0,
      sy = 0,
      sz = 0,
      xx = 0,
      yy = 0,
      zz = 0,
      xy = 0,
      yz = 0,
      xz = 0;
    for (let k = 0; k < 9; k += 3) {
      const x = p[i + k]! - centroid[0],
        y = p[i + k + 1]! - centroid[1],
        z = p[i + k + 2]! - centroid[2];
      sx += x;
      sy += y;
      sz += z;
      xx += x * x;
      yy += y * y;
      zz += z * z;
      xy += x * y;
      yz += y * z;
      xz += x * z;
    }
    const w = a / 12;
    m[0]! += w * (xx + sx * sx);
    m[1]! += w * (yy + sy * sy);
    m[2]! += w * (zz + sz * sz);
    m[3]! += w * (xy + sx * sy);
    m[4]! += w * (yz + sy * sz);
    m[5]! += w * (xz + sx * sz);
  }
  const covariance = m.map((value) => (area > 0 ? value / area : 0)) as SurfaceMoments['covariance'];
  return { area, centroid, covariance, cumulative };
}

/** |signed volume| enclosed by the surface, measured from its centroid (so an open mesh is not origin-bound). */
function enclosedVolume(p: Float32Array, [ox, oy, oz]: [number, number, number]): number {
  let six = 0;
  for (let i = 0; i < p.length; i += 9) {
    const ax = p[i]! - ox,
      ay = p[i + 1]! - oy,
      az = p[i + 2]! - oz;
    const bx = p[i + 3]! - ox,
      by = p[i + 4]! - oy,
      bz = p[i + 5]! - oz;
    const cx = p[i + 6]! - ox,
      cy = p[i + 7]! - oy,
      cz = p[i + 8]! - oz;
    six += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  }
  return Math.abs(six) / 6;
}

/** `samplePoints` points on the surface, each triangle chosen in proportion to its area. */
function samplePointsOnSurface(p: Float32Array, cumulative: Float64Array, area: number): Float64Array {
  const random = seededRandom(seed);
  const points = new Float64Array(samplePoints * 3);
  const count = cumulative.length;
  for (let s = 0; s < samplePoints; s++) {
    // Stratified along the summed areas: far less sampling noise than independent draws.
    const target = ((s + random()) / samplePoints) * area;
    let low = 0,
      high = count - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    const i = low * 9;
    let u = random(),
      v = random();
    if (u + v > 1) {
      u = 1 - u;
      v = 1 - v;
    }
    for (let k = 0; k < 3; k++)
      points[s * 3 + k] = p[i + k]! + u * (p[i + 3 + k]! - p[i + k]!) + v * (p[i + 6 + k]! - p[i + k]!);
  }
  return points;
}

/** Fills `out` with the histogram of `values / mean(values)` over [0, histogramRange), summing to 1. */
function normalisedHistogram(
  values: Float64Array,
  out: Float32Array,
  offset: number,
  bins: number,
  sum = values.reduce((total, value) => total + value, 0),
) {
  const mean = sum / values.length;
  if (!(mean > 0)) {
    out[offset] = 1;
    return;
  }
  const scale = bins / (histogramRange * mean);
  const counts = new Float64Array(bins);
  for (const value of values) counts[Math.min(bins - 1, Math.floor(value * scale))]! += 1;
  for (let b = 0; b < bins; b++) out[offset + b] = counts[b]! / values.length;
}

/** The pair distances' buffer (16 MB), kept from one fingerprint to the next: a thread may take thousands. */
let pairs: Float64Array | undefined;

/** The fingerprint of a mesh (any unit: scale drops out). An empty or flat-zero mesh gives zeros. */
export function meshFingerprint(mesh: TriangleMesh): Fingerprint {
  const p = mesh.positions;
  const out = new Float32Array(fingerprintLength);
  const { area, centroid, covariance, cumulative } = surfaceMoments(p);
  if (!(area > 0)) return out;
  const [largest, middle, smallest] = symmetricEigenvalues(...covariance);
  out[0] = largest > 0 ? Math.max(0, middle / largest) : 0;
  out[1] = largest > 0 ? Math.max(0, smallest / largest) : 0;
  // 36π V² / A³: 1 for a sphere, towards 0 for flat or spiky shapes and open surfaces.
  const volume = enclosedVolume(p, centroid);
  out[2] = Math.min(1, (36 * Math.PI * volume * volume) / (area * area * area));

  const points = samplePointsOnSurface(p, cumulative, area);
  pairs ??= new Float64Array(samplePairs);
  // seededRandom(seed ^ 0x9e3779b9) inlined: floor(random() × 2^14) is the draw's top 14 bits, exactly.
  let state = (seed ^ 0x9e3779b9) >>> 0;
  let pairSum = 0;
  for (let n = 0; n < samplePairs; n++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const a = ((t ^ (t >>> 14)) >>> pointBitsShift) * 3;
    state = (state + 0x6d2b79f5) >>> 0;
    t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const b = ((t ^ (t >>> 14)) >>> pointBitsShift) * 3;
    const dx = points[b]! - points[a]!,
      dy = points[b + 1]! - points[a + 1]!,
      dz = points[b + 2]! - points[a + 2]!;
    const distance = Math.sqrt(dx * dx + dy * dy + dz * dz);
    pairs[n] = distance;
    pairSum += distance; // in the order the histogram would add them: the same sum
  }
  normalisedHistogram(pairs, out, 3, d2Bins, pairSum);
  const radii = new Float64Array(samplePoints);
  for (let s = 0; s < samplePoints; s++)
    radii[s] = Math.hypot(
      points[s * 3]! - centroid[0],
      points[s * 3 + 1]! - centroid[1],
      points[s * 3 + 2]! - centroid[2],
    );
  normalisedHistogram(radii, out, 3 + d2Bins, d1Bins);
  return out;
}

/**
 * How far apart two shapes are: the three surface figures' differences plus half the L1 distance of
 * each histogram (each term between 0 and 1, the sum between 0 and 5). 0 is the same shape.
 */
export function fingerprintDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let scalars = 0;
  for (let k = 0; k < 3; k++) scalars += Math.abs(a[k]! - b[k]!);
  let histograms = 0;
  for (let k = 3; k < fingerprintLength; k++) histograms += Math.abs(a[k]! - b[k]!);
  return scalars + histograms / 2;
}

/** A distance as a similarity from 0 to 100 % (100 % the same shape), as the admin sees it. */
export function similarityPercent(distance: number): number {
  return Math.max(0, Math.round((1 - distance) * 1000) / 10);
}
