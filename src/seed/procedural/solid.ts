/**
 * The procedural demo meshes' (issue 28) working form: an indexed triangle mesh in millimetres, +Z up,
 * every triangle counter-clockwise seen from outside. Generators build one or more closed shells and
 * `merge` them; `checkSolid` says whether the result is closed, consistently oriented and encloses a
 * positive volume, which is what every family promises.
 */
import type { TriangleMesh } from '@/features/geometry/mesh';

export interface Solid {
  /** x, y, z per vertex, in millimetres. */
  positions: Float64Array;
  /** Three vertex indices per triangle, counter-clockwise seen from outside. */
  triangles: Uint32Array;
}

export type Vec3 = readonly [number, number, number];

/** Collects vertices and triangles; `build` gives the solid. */
export class MeshBuilder {
  private readonly points: number[] = [];
  private readonly faces: number[] = [];

  get vertexCount(): number {
    return this.points.length / 3;
  }

  vertex(x: number, y: number, z: number): number {
    this.points.push(x, y, z);
    return this.points.length / 3 - 1;
  }

  position(v: number): Vec3 {
    return [this.points[v * 3]!, this.points[v * 3 + 1]!, this.points[v * 3 + 2]!];
  }

  /** Corners counter-clockwise seen from outside. */
  triangle(a: number, b: number, c: number): void {
    this.faces.push(a, b, c);
  }

  /** Corners counter-clockwise seen from outside; split along a–c. */
  quad(a: number, b: number, c: number, d: number): void {
    this.faces.push(a, b, c, a, c, d);
  }

  /** Adds another solid's vertices and triangles as they are. */
  append(solid: Solid): void {
    const offset = this.vertexCount;
    for (const value of solid.positions) this.points.push(value);
    for (const index of solid.triangles) this.faces.push(index + offset);
  }

  build(): Solid {
    return { positions: Float64Array.from(this.points), triangles: Uint32Array.from(this.faces) };
  }
}

/** Several shells as one solid. The shells must not intersect one another (touching is not allowed either). */
export function merge(...solids: Solid[]): Solid {
  const builder = new MeshBuilder();
  for (const solid of solids) builder.append(solid);
  return builder.build();
}

/**
 * The solid with every vertex moved by `map`. A map that mirrors (a negative determinant, `mirrors`
 * true) reverses the triangles so they still face outwards.
 */
export function mapVertices(solid: Solid, map: (p: Vec3) => Vec3, mirrors = false): Solid {
  const positions = new Float64Array(solid.positions.length);
  for (let i = 0; i < positions.length; i += 3) {
    const [x, y, z] = map([solid.positions[i]!, solid.positions[i + 1]!, solid.positions[i + 2]!]);
    positions[i] = x;
    positions[i + 1] = y;
    positions[i + 2] = z;
  }
  const triangles = Uint32Array.from(solid.triangles);
  if (mirrors)
    for (let i = 0; i < triangles.length; i += 3) {
      const b = triangles[i + 1]!;
      triangles[i + 1] = triangles[i + 2]!;
      triangles[i + 2] = b;
    }
  return { positions, triangles };
}

export const translate = (solid: Solid, dx: number, dy: number, dz: number) =>
  mapVertices(solid, ([x, y, z]) => [x + dx, y + dy, z + dz]);

/** Scales by (sx, sy, sz); an odd number of negative factors mirrors. */
export const scale = (solid: Solid, sx: number, sy = sx, sz = sx) =>
  mapVertices(solid, ([x, y, z]) => [x * sx, y * sy, z * sz], sx * sy * sz < 0);

/** Rotates about the X, Y or Z axis through the origin, by `radians` counter-clockwise looking down the axis. */
export function rotate(solid: Solid, axis: 'x' | 'y' | 'z', radians: number): Solid {
  const c = Math.cos(radians);
  const s = Math.sin(radians);
  if (axis === 'x') return mapVertices(solid, ([x, y, z]) => [x, y * c - z * s, y * s + z * c]);
  if (axis === 'y') return mapVertices(solid, ([x, y, z]) => [x * c + z * s, y, -x * s + z * c]);
  return mapVertices(solid, ([x, y, z]) => [x * c - y * s, x * s + y * c, z]);
}

/** The axis-aligned box around the solid: [minX, minY, minZ, maxX, maxY, maxZ]. */
export function bounds(solid: Solid): [number, number, number, number, number, number] {
  const box: [number, number, number, number, number, number] = [
    Infinity,
    Infinity,
    Infinity,
    -Infinity,
    -Infinity,
    -Infinity,
  ];
  const p = solid.positions;
  for (let i = 0; i < p.length; i += 3)
    for (let k = 0; k < 3; k++) {
      box[k] = Math.min(box[k]!, p[i + k]!);
      box[k + 3] = Math.max(box[k + 3]!, p[i + k]!);
    }
  return box;
}

/** Moves the solid so it stands on z = 0, centred over the origin in x and y (as it would lie on a print bed). */
export function placeOnBed(solid: Solid): Solid {
  const [x0, y0, z0, x1, y1] = bounds(solid);
  return translate(solid, -(x0 + x1) / 2, -(y0 + y1) / 2, -z0);
}

export interface SolidCheck {
  triangles: number;
  /** Every edge is used by exactly two triangles, once in each direction (closed and consistently oriented). */
  closedAndOriented: boolean;
  /** The first offending edge, for the test's message. */
  badEdge: string | null;
  /** Enclosed volume in mm³ (positive when the triangles face outwards). */
  volume: number;
  /** Triangles whose area is (nearly) zero. */
  degenerate: number;
}

export function checkSolid(solid: Solid): SolidCheck {
  const t = solid.triangles;
  const p = solid.positions;
  const directed = new Map<string, number>();
  let volume = 0;
  let degenerate = 0;
  for (let i = 0; i < t.length; i += 3) {
    const corners = [t[i]!, t[i + 1]!, t[i + 2]!];
    for (let k = 0; k < 3; k++) {
      const key = `${corners[k]}>${corners[(k + 1) % 3]}`;
      directed.set(key, (directed.get(key) ?? 0) + 1);
    }
    const [a, b, c] = corners.map((v) => [p[v * 3]!, p[v * 3 + 1]!, p[v * 3 + 2]!] as const);
    const ux = b![0] - a![0],
      uy = b![1] - a![1],
      uz = b![2] - a![2];
    const vx = c![0] - a![0],
      vy = c![1] - a![1],
      vz = c![2] - a![2];
    const nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    if (Math.hypot(nx, ny, nz) < 1e-9) degenerate++;
    volume += (a![0] * nx + a![1] * ny + a![2] * nz) / 6;
  }
  let badEdge: string | null = null;
  for (const [key, count] of directed) {
    const [from, to] = key.split('>');
    if (count !== 1 || directed.get(`${to}>${from}`) !== 1) {
      badEdge = `${key} used ${count}× (reverse ${directed.get(`${to}>${from}`) ?? 0}×)`;
      break;
    }
  }
  return { triangles: t.length / 3, closedAndOriented: badEdge === null, badEdge, volume, degenerate };
}

/** The analysis's form: 9 float32 coordinates per triangle. */
export function toTriangleMesh(solid: Solid): TriangleMesh {
  const t = solid.triangles;
  const p = solid.positions;
  const positions = new Float32Array(t.length * 3);
  for (let i = 0; i < t.length; i++) {
    const v = t[i]! * 3;
    positions[i * 3] = p[v]!;
    positions[i * 3 + 1] = p[v + 1]!;
    positions[i * 3 + 2] = p[v + 2]!;
  }
  return { positions };
}
