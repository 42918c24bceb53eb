/**
 * Shapes as signed distance functions (negative inside), and `polygonize`, which turns one into a closed
 * shell by marching tetrahedra on a regular grid. Good for organic things made of blended parts
 * (figures, animals, skulls, terrain): smooth unions give one shell with no self-intersections.
 */
import { MeshBuilder, type Solid, type Vec3 } from './solid';

export type Sdf = (x: number, y: number, z: number) => number;

export const sphereSdf =
  (cx: number, cy: number, cz: number, r: number): Sdf =>
  (x, y, z) =>
    Math.hypot(x - cx, y - cy, z - cz) - r;

/** An ellipsoid with semi-axes (rx, ry, rz) (an approximate distance, exact on the axes). */
export const ellipsoidSdf =
  (cx: number, cy: number, cz: number, rx: number, ry: number, rz: number): Sdf =>
  (x, y, z) => {
    const k0 = Math.hypot((x - cx) / rx, (y - cy) / ry, (z - cz) / rz);
    const k1 = Math.hypot((x - cx) / (rx * rx), (y - cy) / (ry * ry), (z - cz) / (rz * rz));
    return k1 === 0 ? -Math.min(rx, ry, rz) : (k0 * (k0 - 1)) / k1;
  };

/** A box centred at (cx, cy, cz) with half-sizes (hx, hy, hz) and edges rounded by `round`. */
export const boxSdf =
  (cx: number, cy: number, cz: number, hx: number, hy: number, hz: number, round = 0): Sdf =>
  (x, y, z) => {
    const qx = Math.abs(x - cx) - hx + round;
    const qy = Math.abs(y - cy) - hy + round;
    const qz = Math.abs(z - cz) - hz + round;
    return (
      Math.hypot(Math.max(qx, 0), Math.max(qy, 0), Math.max(qz, 0)) +
      Math.min(Math.max(qx, qy, qz), 0) -
      round
    );
  };

/** A capsule: the points within r of the segment a–b (limbs, branches, handles). */
export const capsuleSdf =
  (a: Vec3, b: Vec3, r: number, rb = r): Sdf =>
  (x, y, z) => {
    const px = x - a[0],
      py = y - a[1],
      pz = z - a[2];
    const bx = b[0] - a[0],
      by = b[1] - a[1],
      bz = b[2] - a[2];
    const h = Math.min(1, Math.max(0, (px * bx + py * by + pz * bz) / (bx * bx + by * by + bz * bz || 1)));
    return Math.hypot(px - bx * h, py - by * h, pz - bz * h) - (r + (rb - r) * h);
  };

/** An upright cylinder centred on (cx, cy) from z0 to z1. */
export const cylinderSdf =
  (cx: number, cy: number, r: number, z0: number, z1: number): Sdf =>
  (x, y, z) => {
    const dr = Math.hypot(x - cx, y - cy) - r;
    const dz = Math.max(z0 - z, z - z1);
    return Math.min(Math.max(dr, dz), 0) + Math.hypot(Math.max(dr, 0), Math.max(dz, 0));
  };

/** A torus about the vertical axis through (cx, cy, cz). */
export const torusSdf =
  (cx: number, cy: number, cz: number, major: number, minor: number): Sdf =>
  (x, y, z) =>
    Math.hypot(Math.hypot(x - cx, y - cy) - major, z - cz) - minor;

export const union =
  (...parts: Sdf[]): Sdf =>
  (x, y, z) => {
    let d = Infinity;
    for (const part of parts) d = Math.min(d, part(x, y, z));
    return d;
  };

/** A union whose seams are filleted over about `k` millimetres. */
export const smoothUnion =
  (k: number, ...parts: Sdf[]): Sdf =>
  (x, y, z) => {
    let d = parts[0]!(x, y, z);
    for (let i = 1; i < parts.length; i++) {
      const e = parts[i]!(x, y, z);
      const h = Math.min(1, Math.max(0, 0.5 + (0.5 * (e - d)) / k));
      d = e + (d - e) * h - k * h * (1 - h);
    }
    return d;
  };

export const subtract =
  (from: Sdf, ...holes: Sdf[]): Sdf =>
  (x, y, z) => {
    let d = from(x, y, z);
    for (const hole of holes) d = Math.max(d, -hole(x, y, z));
    return d;
  };

export const intersect =
  (...parts: Sdf[]): Sdf =>
  (x, y, z) => {
    let d = -Infinity;
    for (const part of parts) d = Math.max(d, part(x, y, z));
    return d;
  };

// The cube's six tetrahedra sharing the diagonal from corner 0 to corner 7 (corner bit 1 = +x, 2 = +y,
// 4 = +z). Neighbouring cubes split their shared faces along the same diagonals, so the shell closes.
const tetrahedra = [
  [0, 1, 3, 7],
  [0, 1, 5, 7],
  [0, 2, 3, 7],
  [0, 2, 6, 7],
  [0, 4, 5, 7],
  [0, 4, 6, 7],
] as const;

/**
 * A closed shell of the region where `sdf` < 0 inside the box `min`..`max`, sampled every `cell`
 * millimetres (at most 160 cells a side). The box's border counts as outside, so the shell is closed even
 * where the shape touches it.
 */
export function polygonize(sdf: Sdf, min: Vec3, max: Vec3, cell: number): Solid {
  const counts = [0, 1, 2].map((a) => Math.max(1, Math.ceil((max[a]! - min[a]!) / cell)) + 2);
  const [nx, ny, nz] = counts as [number, number, number];
  if (nx > 162 || ny > 162 || nz > 162) throw new RangeError('polygonize: over 160 cells a side');
  const origin: Vec3 = [min[0] - cell, min[1] - cell, min[2] - cell];
  const sx = nx + 1,
    sy = ny + 1;
  const values = new Float64Array(sx * sy * (nz + 1));
  // Values near zero would put surface points on the grid's corners, where several would coincide.
  const nearZero = cell * 1e-3;
  // Narrow band: a block of `block`³ cells whose centre is far from the surface lies wholly on one side
  // of it, and no cell edge from its corners crosses the surface: its corners get the centre's sign
  // without evaluating `sdf` (a distance bound; the factor 1.5 allows for approximate ones).
  const block = 4;
  const far = 1.5 * cell * Math.sqrt(3) * (block / 2 + 1);
  const bx = Math.ceil((nx + 1) / block),
    by = Math.ceil((ny + 1) / block),
    bz = Math.ceil((nz + 1) / block);
  const blockSign = new Int8Array(bx * by * bz);
  for (let k = 0; k < bz; k++)
    for (let j = 0; j < by; j++)
      for (let i = 0; i < bx; i++) {
        const half = (block - 1) / 2;
        const d = sdf(
          origin[0] + (i * block + half) * cell,
          origin[1] + (j * block + half) * cell,
          origin[2] + (k * block + half) * cell,
        );
        blockSign[i + bx * (j + by * k)] = d > far ? 1 : d < -far ? -1 : 0;
      }
  for (let k = 0; k <= nz; k++)
    for (let j = 0; j <= ny; j++)
      for (let i = 0; i <= nx; i++) {
        const border = i === 0 || j === 0 || k === 0 || i === nx || j === ny || k === nz;
        const sign =
          blockSign[Math.floor(i / block) + bx * (Math.floor(j / block) + by * Math.floor(k / block))]!;
        let v = border
          ? cell
          : sign !== 0
            ? sign * far
            : sdf(origin[0] + i * cell, origin[1] + j * cell, origin[2] + k * cell);
        if (Math.abs(v) < nearZero) v = nearZero;
        values[i + sx * (j + sy * k)] = v;
      }
  const builder = new MeshBuilder();
  const edgeVertex = new Map<number, number>();
  const total = values.length;
  const point = (g: number): Vec3 => {
    const i = g % sx;
    const j = Math.floor(g / sx) % sy;
    const k = Math.floor(g / (sx * sy));
    return [origin[0] + i * cell, origin[1] + j * cell, origin[2] + k * cell];
  };
  const vertexOn = (a: number, b: number): number => {
    const key = a < b ? a * total + b : b * total + a;
    const known = edgeVertex.get(key);
    if (known !== undefined) return known;
    const va = values[a]!;
    const vb = values[b]!;
    const t = Math.min(0.98, Math.max(0.02, va / (va - vb)));
    const pa = point(a);
    const pb = point(b);
    const v = builder.vertex(
      pa[0] + (pb[0] - pa[0]) * t,
      pa[1] + (pb[1] - pa[1]) * t,
      pa[2] + (pb[2] - pa[2]) * t,
    );
    edgeVertex.set(key, v);
    return v;
  };
  const corner = new Array<number>(8);
  const emit = (inside: number[], outside: number[], faces: number[][]) => {
    // Orient each face along the gradient: from the inside corners towards the outside ones.
    const ci = centroid(inside.map(point));
    const co = centroid(outside.map(point));
    const dir: Vec3 = [co[0] - ci[0], co[1] - ci[1], co[2] - ci[2]];
    for (const [a, b, c] of faces as [number, number, number][]) {
      if (facing(builder, a, b, c, dir) >= 0) builder.triangle(a, b, c);
      else builder.triangle(a, c, b);
    }
  };
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        const base = i + sx * (j + sy * k);
        for (let c = 0; c < 8; c++) corner[c] = base + (c & 1) + (c & 2 ? sx : 0) + (c & 4 ? sx * sy : 0);
        let anyIn = false;
        let anyOut = false;
        for (let c = 0; c < 8; c++) {
          if (values[corner[c]!]! < 0) anyIn = true;
          else anyOut = true;
        }
        if (!anyIn || !anyOut) continue;
        for (const tet of tetrahedra) {
          const g = tet.map((c) => corner[c]!);
          const inside = g.filter((v) => values[v]! < 0);
          const outside = g.filter((v) => values[v]! >= 0);
          if (inside.length === 0 || outside.length === 0) continue;
          if (inside.length === 1 || outside.length === 1) {
            const [lone, others] = inside.length === 1 ? [inside[0]!, outside] : [outside[0]!, inside];
            emit(inside, outside, [
              [vertexOn(lone, others[0]!), vertexOn(lone, others[1]!), vertexOn(lone, others[2]!)],
            ]);
          } else {
            const [a, b] = inside as [number, number];
            const [c, d] = outside as [number, number];
            const ac = vertexOn(a, c),
              ad = vertexOn(a, d),
              bd = vertexOn(b, d),
              bc = vertexOn(b, c);
            emit(inside, outside, [
              [ac, ad, bd],
              [ac, bd, bc],
            ]);
          }
        }
      }
  return builder.build();
}

function centroid(points: Vec3[]): Vec3 {
  const c = [0, 0, 0];
  for (const p of points) for (let a = 0; a < 3; a++) c[a]! += p[a]! / points.length;
  return c as unknown as Vec3;
}

function facing(builder: MeshBuilder, a: number, b: number, c: number, dir: Vec3): number {
  const [pa, pb, pc] = [builder.position(a), builder.position(b), builder.position(c)];
  const ux = pb[0] - pa[0],
    uy = pb[1] - pa[1],
    uz = pb[2] - pa[2];
  const vx = pc[0] - pa[0],
    vy = pc[1] - pa[1],
    vz = pc[2] - pa[2];
  return (uy * vz - uz * vy) * dir[0] + (uz * vx - ux * vz) * dir[1] + (ux * vy - uy * vx) * dir[2];
}
