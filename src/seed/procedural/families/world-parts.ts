/**
 * The world families' (issue 28) way of joining parts into one printable shell: each part is a signed
 * distance function with a box around it, and `shapeFromParts` blends them (a smooth union that only
 * evaluates the parts near the sample, so a model of forty parts costs little more than one of five),
 * cuts the holes and polygonizes the result at about `cells` cells along its longest side.
 */
import { type Sdf, polygonize } from '../sdf';
import { placeOnBed, type Solid, type Vec3 } from '../solid';

export interface Part {
  sdf: Sdf;
  min: Vec3;
  max: Vec3;
  /** Carved out of the union of the solid parts instead of added to it. */
  cut?: boolean;
  /** This part's own blend radius (millimetres); the shape's when absent. */
  blend?: number;
}

type Axis = 'x' | 'y' | 'z';
export type Point2 = readonly [number, number];

// Math.hypot is several times slower than this in V8, and these run millions of times per model.
const hyp2 = (a: number, b: number) => Math.sqrt(a * a + b * b);
const hyp3 = (a: number, b: number, c: number) => Math.sqrt(a * a + b * b + c * c);

const part = (sdf: Sdf, min: Vec3, max: Vec3): Part => ({ sdf, min, max });

export function ball(c: Vec3, r: number): Part {
  return part(
    (x, y, z) => hyp3(x - c[0], y - c[1], z - c[2]) - r,
    [c[0] - r, c[1] - r, c[2] - r],
    [c[0] + r, c[1] + r, c[2] + r],
  );
}

/** An ellipsoid with semi-axes `r` (approximate distance, good near the surface). */
export function ellipsoid(c: Vec3, r: Vec3): Part {
  const [rx, ry, rz] = r;
  return part(
    (x, y, z) => {
      const k0 = hyp3((x - c[0]) / rx, (y - c[1]) / ry, (z - c[2]) / rz);
      const k1 = hyp3((x - c[0]) / (rx * rx), (y - c[1]) / (ry * ry), (z - c[2]) / (rz * rz));
      return k1 === 0 ? -Math.min(rx, ry, rz) : (k0 * (k0 - 1)) / k1;
    },
    [c[0] - rx, c[1] - ry, c[2] - rz],
    [c[0] + rx, c[1] + ry, c[2] + rz],
  );
}

/** The points within r (at a) to rb (at b) of the segment a–b. */
export function capsule(a: Vec3, b: Vec3, r: number, rb = r): Part {
  const bx = b[0] - a[0],
    by = b[1] - a[1],
    bz = b[2] - a[2];
  const ll = bx * bx + by * by + bz * bz || 1;
  const m = Math.max(r, rb);
  return part(
    (x, y, z) => {
      const px = x - a[0],
        py = y - a[1],
        pz = z - a[2];
      const h = Math.min(1, Math.max(0, (px * bx + py * by + pz * bz) / ll));
      return hyp3(px - bx * h, py - by * h, pz - bz * h) - (r + (rb - r) * h);
    },
    [Math.min(a[0], b[0]) - m, Math.min(a[1], b[1]) - m, Math.min(a[2], b[2]) - m],
    [Math.max(a[0], b[0]) + m, Math.max(a[1], b[1]) + m, Math.max(a[2], b[2]) + m],
  );
}

/** An axis-aligned box from `lo` to `hi`, edges rounded by `round`. */
export function block(lo: Vec3, hi: Vec3, round = 0): Part {
  const cx = (lo[0] + hi[0]) / 2,
    cy = (lo[1] + hi[1]) / 2,
    cz = (lo[2] + hi[2]) / 2;
  const hx = (hi[0] - lo[0]) / 2,
    hy = (hi[1] - lo[1]) / 2,
    hz = (hi[2] - lo[2]) / 2;
  const r = Math.min(round, hx, hy, hz);
  return part(
    (x, y, z) => {
      const qx = Math.abs(x - cx) - hx + r;
      const qy = Math.abs(y - cy) - hy + r;
      const qz = Math.abs(z - cz) - hz + r;
      return hyp3(Math.max(qx, 0), Math.max(qy, 0), Math.max(qz, 0)) + Math.min(Math.max(qx, qy, qz), 0) - r;
    },
    lo,
    hi,
  );
}

/** Coordinates reordered so that `axis` becomes the local third one (u, v, w). */
function local(axis: Axis, x: number, y: number, z: number): Vec3 {
  if (axis === 'z') return [x, y, z];
  if (axis === 'x') return [y, z, x];
  return [z, x, y];
}
function world(axis: Axis, u: number, v: number, w: number): Vec3 {
  if (axis === 'z') return [u, v, w];
  if (axis === 'x') return [w, u, v];
  return [v, w, u];
}

/** A cylinder along `axis` through centre `c`, radius r, half length `half`, edges rounded by `round`. */
export function rod(axis: Axis, c: Vec3, r: number, half: number, round = 0): Part {
  const rr = Math.min(round, r, half);
  const [cu, cv, cw] = local(axis, c[0], c[1], c[2]);
  return part(
    (x, y, z) => {
      const [u, v, w] = local(axis, x, y, z);
      const dr = hyp2(u - cu, v - cv) - r + rr;
      const dz = Math.abs(w - cw) - half + rr;
      return Math.min(Math.max(dr, dz), 0) + hyp2(Math.max(dr, 0), Math.max(dz, 0)) - rr;
    },
    world(axis, cu - r, cv - r, cw - half),
    world(axis, cu + r, cv + r, cw + half),
  );
}

/** An elliptic slab centred on `c`: semi-axes rx, ry, half thickness `half`, edges rounded by `round`. */
export function disc(c: Vec3, rx: number, ry: number, half: number, round = 0): Part {
  const rr = Math.min(round, rx, ry, half);
  const m = Math.min(rx, ry);
  return part(
    (x, y, z) => {
      const dr = (hyp2((x - c[0]) / rx, (y - c[1]) / ry) - 1) * m + rr;
      const dz = Math.abs(z - c[2]) - half + rr;
      return Math.min(Math.max(dr, dz), 0) + hyp2(Math.max(dr, 0), Math.max(dz, 0)) - rr;
    },
    [c[0] - rx, c[1] - ry, c[2] - half],
    [c[0] + rx, c[1] + ry, c[2] + half],
  );
}

/** A torus about `axis` through `c`. */
export function ring(axis: Axis, c: Vec3, major: number, minor: number): Part {
  const [cu, cv, cw] = local(axis, c[0], c[1], c[2]);
  const m = major + minor;
  return part(
    (x, y, z) => {
      const [u, v, w] = local(axis, x, y, z);
      return hyp2(hyp2(u - cu, v - cv) - major, w - cw) - minor;
    },
    world(axis, cu - m, cv - m, cw - minor),
    world(axis, cu + m, cv + m, cw + minor),
  );
}

/** Signed distance to a simple 2-D polygon (negative inside). */
export function polygonDistance(poly: readonly Point2[], px: number, py: number): number {
  let d = Infinity;
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    const ex = xj - xi,
      ey = yj - yi;
    const wx = px - xi,
      wy = py - yi;
    const t = Math.min(1, Math.max(0, (wx * ex + wy * ey) / (ex * ex + ey * ey || 1)));
    d = Math.min(d, hyp2(wx - ex * t, wy - ey * t));
    if (yi > py !== yj > py && px < (ex * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside ? -d : d;
}

/**
 * A prism: the polygon (in the two coordinates other than `axis`, in the order (y, z) for x, (z, x) for y,
 * (x, y) for z) extruded along `axis` from `lo` to `hi`, rounded by `round`.
 */
export function prism(axis: Axis, poly: readonly Point2[], lo: number, hi: number, round = 0): Part {
  let u0 = Infinity,
    v0 = Infinity,
    u1 = -Infinity,
    v1 = -Infinity;
  for (const [u, v] of poly) {
    u0 = Math.min(u0, u);
    v0 = Math.min(v0, v);
    u1 = Math.max(u1, u);
    v1 = Math.max(v1, v);
  }
  const mid = (lo + hi) / 2;
  const half = (hi - lo) / 2;
  return part(
    (x, y, z) => {
      const [u, v, w] = local(axis, x, y, z);
      const d2 = polygonDistance(poly, u, v) + round;
      const dz = Math.abs(w - mid) - half + round;
      return Math.min(Math.max(d2, dz), 0) + hyp2(Math.max(d2, 0), Math.max(dz, 0)) - round;
    },
    world(axis, u0, v0, lo),
    world(axis, u1, v1, hi),
  );
}

/** The intersection of parts, its seams rounded over `k` (a body from its side, top and front views). */
export function common(k: number, ...parts: Part[]): Part {
  const min: Vec3 = [
    Math.max(...parts.map((p) => p.min[0])),
    Math.max(...parts.map((p) => p.min[1])),
    Math.max(...parts.map((p) => p.min[2])),
  ];
  const max: Vec3 = [
    Math.min(...parts.map((p) => p.max[0])),
    Math.min(...parts.map((p) => p.max[1])),
    Math.min(...parts.map((p) => p.max[2])),
  ];
  return part(
    (x, y, z) => {
      let d = parts[0]!.sdf(x, y, z);
      for (let i = 1; i < parts.length; i++) {
        const e = parts[i]!.sdf(x, y, z);
        const h = Math.min(1, Math.max(0, 0.5 - (0.5 * (e - d)) / k));
        d = e + (d - e) * h + k * h * (1 - h);
      }
      return d;
    },
    min,
    max,
  );
}

/** The part turned by `radians` about `axis` through `pivot` (its box grows to hold the turned box). */
export function turned(p: Part, axis: Axis, radians: number, pivot: Vec3): Part {
  const c = Math.cos(radians),
    s = Math.sin(radians);
  const spin = (q: Vec3, sign: number): Vec3 => {
    const [u, v, w] = local(axis, q[0] - pivot[0], q[1] - pivot[1], q[2] - pivot[2]);
    const ru = u * c - sign * v * s;
    const rv = sign * u * s + v * c;
    const [x, y, z] = world(axis, ru, rv, w);
    return [x + pivot[0], y + pivot[1], z + pivot[2]];
  };
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < 8; i++) {
    const q = spin(
      [i & 1 ? p.max[0] : p.min[0], i & 2 ? p.max[1] : p.min[1], i & 4 ? p.max[2] : p.min[2]],
      1,
    );
    for (let a = 0; a < 3; a++) {
      (min as unknown as number[])[a] = Math.min(min[a]!, q[a]!);
      (max as unknown as number[])[a] = Math.max(max[a]!, q[a]!);
    }
  }
  return { ...p, sdf: (x, y, z) => p.sdf(...spin([x, y, z], -1)), min, max };
}

/** The part mirrored across the plane y = 0 (left and right sides of a symmetric thing). */
export function mirroredY(p: Part): Part {
  return {
    ...p,
    sdf: (x, y, z) => p.sdf(x, -y, z),
    min: [p.min[0], -p.max[1], p.min[2]],
    max: [p.max[0], -p.min[1], p.max[2]],
  };
}

/** The part and its mirror image across y = 0. */
export const pairY = (p: Part): Part[] => [p, mirroredY(p)];

export const carved = (p: Part): Part => ({ ...p, cut: true });
export const blended = (p: Part, blend: number): Part => ({ ...p, blend });

/** Parts blended among themselves (their cuts only carve them), as one part of a larger shape. */
export function group(parts: readonly Part[], k: number): Part {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (const p of parts)
    if (!p.cut)
      for (let a = 0; a < 3; a++) {
        (min as unknown as number[])[a] = Math.min(min[a]!, p.min[a]!);
        (max as unknown as number[])[a] = Math.max(max[a]!, p.max[a]!);
      }
  return { sdf: blend(parts, k), min, max };
}

/** A side profile: the (x, z) polygon extruded across y from -half to half. */
export function sideProfile(points: readonly Point2[], half: number, round = 0): Part {
  return prism(
    'y',
    points.map(([x, z]) => [z, x] as const),
    -half,
    half,
    round,
  );
}

/** A front profile: the (y, z) polygon extruded along x from x0 to x1. */
export const frontProfile = (points: readonly Point2[], x0: number, x1: number, round = 0): Part =>
  prism('x', points, x0, x1, round);

/** The squared distance (at least) from the point to the part's box: 0 inside it. */
function boxGap2(p: Part, x: number, y: number, z: number): number {
  let g = 0;
  let t = p.min[0] - x;
  if (t > 0) g += t * t;
  else if ((t = x - p.max[0]) > 0) g += t * t;
  t = p.min[1] - y;
  if (t > 0) g += t * t;
  else if ((t = y - p.max[1]) > 0) g += t * t;
  t = p.min[2] - z;
  if (t > 0) g += t * t;
  else if ((t = z - p.max[2]) > 0) g += t * t;
  return g;
}

/** The smooth union of the solid parts minus the carved ones, as one distance function. */
export function blend(parts: readonly Part[], k: number): Sdf {
  const solids = parts.filter((p) => !p.cut);
  const cuts = parts.filter((p) => p.cut);
  return (x, y, z) => {
    let d = Infinity;
    for (const p of solids) {
      const kk = p.blend ?? k;
      const reach = d + kk;
      if (reach > 0 && boxGap2(p, x, y, z) > reach * reach) continue;
      const e = p.sdf(x, y, z);
      if (kk <= 0 || d === Infinity) d = Math.min(d, e);
      else {
        const h = Math.min(1, Math.max(0, 0.5 + (0.5 * (e - d)) / kk));
        d = e + (d - e) * h - kk * h * (1 - h);
      }
    }
    for (const p of cuts) {
      const gap2 = boxGap2(p, x, y, z);
      if (gap2 > 0 && (d >= 0 || gap2 >= d * d)) continue;
      d = Math.max(d, -p.sdf(x, y, z));
    }
    return d;
  };
}

export interface ShapeOptions {
  /** Blend radius in millimetres. */
  blend: number;
  /** At most this many grid cells along the longest side (~90 at most, to stay cheap). */
  cells: number;
  /** About how many triangles the shell should have (the grid is chosen for it); 16,000 when absent. */
  triangles?: number;
  /** Cut flat at this height, so the thing stands on a face rather than on points. */
  floor?: number;
}

const coarseCells = 30;

/**
 * The distance sampled on polygonize's own grid (origin one cell below `lo`), so the coarse pass reads
 * it back instead of evaluating again; `nearSurface` then gives a distance that evaluates the real one
 * only in coarse cells the surface may pass through and interpolates the coarse samples elsewhere (where
 * every corner is far from the surface, the sign cannot change within the cell, and only the sign
 * matters there). Most of a model's bounding box is far from its surface, so this saves most of the work.
 */
function sampleGrid(sdf: Sdf, lo: Vec3, hi: Vec3, cell: number) {
  const n = [0, 1, 2].map((a) => Math.max(1, Math.ceil((hi[a]! - lo[a]!) / cell)) + 3);
  const [nx, ny, nz] = n as [number, number, number];
  const ox = lo[0] - cell,
    oy = lo[1] - cell,
    oz = lo[2] - cell;
  const values = new Float64Array(nx * ny * nz);
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++)
        values[i + nx * (j + ny * k)] = sdf(ox + i * cell, oy + j * cell, oz + k * cell);
  const at = (i: number, j: number, k: number) => values[i + nx * (j + ny * k)]!;
  const lookup: Sdf = (x, y, z) =>
    at(Math.round((x - ox) / cell), Math.round((y - oy) / cell), Math.round((z - oz) / cell));
  // Twice the cell's diagonal: a margin for distances that are not quite exact.
  const margin = 2 * Math.sqrt(3) * cell;
  const nearSurface =
    (exact: Sdf): Sdf =>
    (x, y, z) => {
      const fx = (x - ox) / cell,
        fy = (y - oy) / cell,
        fz = (z - oz) / cell;
      const i = Math.floor(fx),
        j = Math.floor(fy),
        k = Math.floor(fz);
      if (i < 0 || j < 0 || k < 0 || i >= nx - 1 || j >= ny - 1 || k >= nz - 1) return exact(x, y, z);
      const c000 = at(i, j, k),
        c100 = at(i + 1, j, k),
        c010 = at(i, j + 1, k),
        c110 = at(i + 1, j + 1, k),
        c001 = at(i, j, k + 1),
        c101 = at(i + 1, j, k + 1),
        c011 = at(i, j + 1, k + 1),
        c111 = at(i + 1, j + 1, k + 1);
      const lowest = Math.min(c000, c100, c010, c110, c001, c101, c011, c111);
      const highest = Math.max(c000, c100, c010, c110, c001, c101, c011, c111);
      if (lowest < margin && highest > -margin) return exact(x, y, z);
      const u = fx - i,
        v = fy - j,
        w = fz - k;
      const a = c000 + (c100 - c000) * u,
        b = c010 + (c110 - c010) * u,
        c = c001 + (c101 - c001) * u,
        d = c011 + (c111 - c011) * u;
      const e = a + (b - a) * v,
        f = c + (d - c) * v;
      return e + (f - e) * w;
    };
  return { lookup, nearSurface };
}

/** The parts joined into one closed shell standing on the bed. */
export function shapeFromParts(parts: readonly Part[], options: ShapeOptions): Solid {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const p of parts)
    if (!p.cut)
      for (let a = 0; a < 3; a++) {
        min[a] = Math.min(min[a]!, p.min[a]!);
        max[a] = Math.max(max[a]!, p.max[a]!);
      }
  const pad = options.blend;
  for (let a = 0; a < 3; a++) {
    min[a]! -= pad;
    max[a]! += pad;
  }
  const floor = options.floor;
  if (floor !== undefined) min[2] = Math.max(min[2]!, floor);
  const longest = Math.max(max[0]! - min[0]!, max[1]! - min[1]!, max[2]! - min[2]!);
  const joined = blend(parts, options.blend);
  const sdf: Sdf =
    floor === undefined
      ? joined
      : (x, y, z) => (z < floor ? floor - z : Math.max(joined(x, y, z), floor - z));
  const lo = min as unknown as Vec3,
    hi = max as unknown as Vec3;
  // The triangle count grows with the surface over the cell's area: a coarse pass measures it.
  const coarse = longest / coarseCells;
  const grid = sampleGrid(sdf, lo, hi, coarse);
  const sample = polygonize(grid.lookup, lo, hi, coarse).triangles.length / 3;
  const wanted = options.triangles ?? 16_000;
  const cell = Math.max(longest / options.cells, Math.min(coarse, coarse * Math.sqrt(sample / wanted)));
  // Off the grid by an odd fraction of a cell, so flat faces do not fall on sample planes (which frays them).
  const shifted: Vec3 = [lo[0] - 0.37 * cell, lo[1] - 0.37 * cell, lo[2] - 0.37 * cell];
  const fine = grid.nearSurface(sdf);
  return placeOnBed(polygonize(fine, shifted, hi, cell));
}

/** A random number in [lo, hi). */
export const between = (random: { next(): number }, lo: number, hi: number) => lo + random.next() * (hi - lo);

/** Smooth 2-D value noise in about [-1, 1], its lattice filled from `random`. */
export function valueNoise(random: { next(): number }): (x: number, y: number) => number {
  const size = 256;
  const values = Float64Array.from({ length: size }, () => random.next() * 2 - 1);
  const perm = Uint8Array.from({ length: size }, (_, i) => i);
  for (let i = size - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    const t = perm[i]!;
    perm[i] = perm[j]!;
    perm[j] = t;
  }
  const at = (i: number, j: number) => values[perm[(perm[i & 255]! + j) & 255]!]!;
  const fade = (t: number) => t * t * (3 - 2 * t);
  return (x, y) => {
    const i = Math.floor(x),
      j = Math.floor(y);
    const u = fade(x - i),
      v = fade(y - j);
    const a = at(i, j) + (at(i + 1, j) - at(i, j)) * u;
    const b = at(i, j + 1) + (at(i + 1, j + 1) - at(i, j + 1)) * u;
    return a + (b - a) * v;
  };
}
