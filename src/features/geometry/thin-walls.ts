/**
 * Thin walls (DESIGN §6, issue 5 part 1): the share of the surface where the material is thinner than
 * a threshold (0.2 mm by default), estimated by sampling. Points are drawn on the surface with
 * probability proportional to area (stratified: the k-th of n samples falls at a random place in the
 * k-th n-th of the cumulative area, a deterministic PRNG choosing it), and from each point a ray is cast
 * inward — against the face normal — through the BVH; the sample is thin when the ray hits another
 * triangle nearer than the threshold. The thin area is that share of the total surface area.
 *
 * Inward is taken from the face winding: a face's normal is (b − a) × (c − a), which points out of the
 * solid when the corners run counter-clockwise seen from outside (the STL/OBJ convention). The ray
 * starts on the face and ignores its own triangle and hits nearer than a small epsilon (a hundred-thousandth
 * of the model's extent, at most a hundredth of the threshold), so coplanar neighbours do not count.
 * A ray that hits nothing within the threshold is not thin: on an open mesh, and on faces wound the
 * wrong way (the ray leaves the solid), the figure is an underestimate.
 *
 * The method sees a wall from its faces: a point within the threshold of an edge of a thin slab whose
 * ray runs along the slab (e.g. on the outer face of a hollow box, over the side walls) finds no wall
 * ahead and is not thin, so a thin box reports slightly less than all of its area.
 */
import { buildBvh, bvhExtent, nearestHit, type MeshBvh } from './bvh';
import { doubleAreaSquared, triangleCount, type TriangleMesh } from './mesh';

export interface ThinWallOptions {
  /** Walls thinner than this are thin (default 0.2 mm). */
  thresholdMm?: number;
  /** Millimetres per unit of the file (default 1). */
  unitScale?: number;
  /** Points sampled on the surface (default 20,000). */
  samples?: number;
  /** PRNG seed (default 1): the same mesh, options and seed give the same figures. */
  seed?: number;
  /** A BVH of this mesh, when the caller has one (it is built otherwise). */
  bvh?: MeshBvh;
  /** How far rays look for the opposite wall for the smallest feature (default 2 mm). */
  probeMm?: number;
}

export interface ThinWalls {
  /** The thin share times the surface area, in mm². */
  thinAreaMm2: number;
  /** Thin samples over all samples, 0..1. */
  share: number;
  /** Samples cast (0 when the mesh has no area). */
  samples: number;
  thresholdMm: number;
  /**
   * The smallest feature: the wall thickness that 1 % of the surface is thinner than, in mm, from the
   * same samples' rays cast up to `probeMm`; null when fewer than 1 % of them met a wall that near.
   */
  smallestFeatureMm: number | null;
  /** How far the rays look for the opposite wall, in mm. */
  probeMm: number;
  /** Shares of the samples whose wall is thinner than each of `thicknessStepsMm`, 0..1. */
  shareThinnerThan: Record<string, number>;
}

/** Wall thicknesses the printability verdicts need the share of (nozzle-width and two-perimeter walls). */
export const thicknessStepsMm = [0.4, 0.8] as const;
/** The rays' length for the smallest feature: past the thickest threshold a verdict uses. */
export const defaultProbeMm = 2;
/** The smallest feature is this quantile of the sampled thicknesses: single stray samples do not decide it. */
const smallestFeatureQuantile = 0.01;

export const defaultThinWallSamples = 20_000;

export function measureThinWalls(mesh: TriangleMesh, options: ThinWallOptions = {}): ThinWalls {
  const thresholdMm = options.thresholdMm ?? 0.2;
  const probeMm = options.probeMm ?? defaultProbeMm;
  const unitScale = options.unitScale ?? 1;
  const requested = options.samples ?? defaultThinWallSamples;
  if (!(thresholdMm > 0)) throw new RangeError('thresholdMm must be positive');
  if (!(unitScale > 0)) throw new RangeError('unitScale must be positive');
  if (!(probeMm > 0)) throw new RangeError('probeMm must be positive');
  if (!Number.isInteger(requested) || requested < 1)
    throw new RangeError('samples must be a whole number ≥ 1');
  const triangles = triangleCount(mesh);
  const bvh = options.bvh ?? buildBvh(mesh);
  if (bvh.triangles !== triangles) throw new RangeError('the BVH was built for another mesh');
  const p = bvh.positions;

  let totalArea = 0;
  for (let s = 0; s < triangles; s++) totalArea += doubleArea(p, s * 9);
  if (!(totalArea > 0) || !Number.isFinite(totalArea))
    return {
      thinAreaMm2: 0,
      share: 0,
      samples: 0,
      thresholdMm,
      smallestFeatureMm: null,
      probeMm,
      shareThinnerThan: Object.fromEntries(thicknessStepsMm.map((step) => [String(step), 0])),
    };

  const threshold = thresholdMm / unitScale;
  // The rays run to the probe length (or the threshold, if longer): a nearer hit is the same hit.
  const reach = Math.max(probeMm, thresholdMm) / unitScale;
  const thicknesses = new Float64Array(requested);
  let hits = 0;
  const tMin = Math.min(bvhExtent(bvh) * 1e-5, threshold * 0.01);
  const random = mulberry32(options.seed ?? 1);
  const step = totalArea / requested;
  let thin = 0;
  let k = 0;
  let target = random() * step;
  let cumulative = 0;
  let last = -1;
  const sample = (s: number) => {
    const i = s * 9;
    const ax = p[i]!,
      ay = p[i + 1]!,
      az = p[i + 2]!;
    const ux = p[i + 3]! - ax,
      uy = p[i + 4]! - ay,
      uz = p[i + 5]! - az;
    const vx = p[i + 6]! - ax,
      vy = p[i + 7]! - ay,
      vz = p[i + 8]! - az;
    // Uniform on the triangle: b·u + c·v with b = √r₁(1 − r₂), c = √r₁·r₂.
    const r = Math.sqrt(random());
    const r2 = random();
    const b = r * (1 - r2),
      c = r * r2;
    const nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
    const hit = nearestHit(
      bvh,
      ax + b * ux + c * vx,
      ay + b * uy + c * vy,
      az + b * uz + c * vz,
      -nx / length,
      -ny / length,
      -nz / length,
      tMin,
      reach,
      s,
    );
    if (hit < threshold) thin++;
    if (hit < reach) thicknesses[hits++] = hit * unitScale;
  };
  for (let s = 0; s < triangles && k < requested; s++) {
    const area = doubleArea(p, s * 9);
    if (!(area > 0)) continue;
    last = s;
    cumulative += area;
    while (k < requested && target < cumulative) {
      sample(s);
      k++;
      target = (k + random()) * step;
    }
  }
  // Rounding can leave the last sample or two just past the summed area: they go on the last face.
  for (; k < requested; k++) sample(last);

  const share = thin / requested;
  const found = thicknesses.subarray(0, hits).sort();
  const rank = Math.floor(requested * smallestFeatureQuantile);
  const thinnerThan = (mm: number) => {
    let count = 0;
    while (count < hits && found[count]! < mm) count++;
    return count / requested;
  };
  return {
    thinAreaMm2: (share * totalArea * unitScale * unitScale) / 2,
    share,
    samples: requested,
    thresholdMm,
    smallestFeatureMm: rank < hits ? found[rank]! : null,
    probeMm,
    shareThinnerThan: Object.fromEntries(thicknessStepsMm.map((step) => [String(step), thinnerThan(step)])),
  };
}

/** Twice the area of the triangle at `p[i..i+9)`. */
function doubleArea(p: Float32Array, i: number): number {
  return Math.sqrt(doubleAreaSquared(p, i));
}

/** A small seeded PRNG (mulberry32): numbers in [0, 1). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
