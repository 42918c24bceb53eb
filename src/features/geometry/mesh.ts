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

/** The largest float32: coordinates are stored as 32-bit floats, as STL stores them. */
export const float32Max = 3.4028234663852886e38;

/**
 * A coordinate written as `text`, as it is stored (a float32), or a GeometryError naming `where`:
 * `malformed` for what is not a number, `not_finite` for NaN, infinity, and numbers beyond float32's
 * range (those round to infinity; `3.40282347e+38`, float32's largest as usually printed, is kept).
 */
export function float32Coordinate(text: string, where: string): number {
  const value = Number(text);
  const stored = Math.fround(value);
  if (Number.isFinite(stored)) return stored;
  const quoted = `"${text.length > 40 ? `${text.slice(0, 37)}...` : text}"`;
  if (Number.isNaN(value) && !/^\s*[-+]?(nan|inf)/i.test(text))
    throw new GeometryError('malformed', `${where}: ${quoted} is not a finite number`);
  throw new GeometryError(
    'not_finite',
    Number.isFinite(value)
      ? `${where}: ${quoted} is beyond the range of 32-bit floats (±${float32Max.toPrecision(8)})`
      : `${where}: ${quoted} is not a finite number`,
  );
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
