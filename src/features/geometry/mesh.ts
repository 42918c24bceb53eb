/**
 * A mesh as the analysis reads it: triangles as 9 coordinates each (x, y, z of three corners), in the
 * file's own unit. Parsers produce it; `analyzeMesh` measures it.
 */
export interface TriangleMesh {
  /** 9 numbers per triangle. */
  positions: Float32Array;
}

export type GeometryErrorCode = 'empty' | 'truncated' | 'malformed' | 'not_finite' | 'too_large';

/** A file that cannot be read as a mesh, with a one-line reason naming the problem. */
export class GeometryError extends Error {
  constructor(
    readonly code: GeometryErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'GeometryError';
  }
}

export function triangleCount(mesh: TriangleMesh): number {
  return mesh.positions.length / 9;
}

/** The squared length of the cross product of the edges at `p[i..i+9)`: (twice the triangle's area)². */
export function doubleAreaSquared(p: Float32Array, i: number): number {
  const ux = p[i + 3]! - p[i]!,
    uy = p[i + 4]! - p[i + 1]!,
    uz = p[i + 5]! - p[i + 2]!;
  const vx = p[i + 6]! - p[i]!,
    vy = p[i + 7]! - p[i + 1]!,
    vz = p[i + 8]! - p[i + 2]!;
  const nx = uy * vz - uz * vy,
    ny = uz * vx - ux * vz,
    nz = ux * vy - uy * vx;
  return nx * nx + ny * ny + nz * nz;
}
