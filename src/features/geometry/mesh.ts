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
