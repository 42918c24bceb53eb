/**
 * The viewer mesh (decision 0017): little-endian Float32 triangle positions, 9 floats per triangle, no
 * header, in millimetres with +Z up. Pure functions shared by the viewer's worker and its tests.
 */

export const bytesPerTriangle = 36;

/** Above this many triangles the viewer keeps the picture and says the model is too big for the browser. */
export const defaultMaxViewerTriangles = 3_000_000;

export type ViewerMeshFailure = 'fetch' | 'parse' | 'too-big';

export interface ViewerMesh {
  positions: Float32Array<ArrayBuffer>;
  normals: Float32Array<ArrayBuffer>;
  min: [number, number, number];
  max: [number, number, number];
  triangles: number;
}

export interface ViewerMeshRequest {
  url: string;
  maxTriangles: number;
  /** The triangle count the page knows, for progress when the response has no length. */
  expectedTriangles: number;
}

export type ViewerMeshResponse =
  | { type: 'progress'; loaded: number; total: number }
  | ({ type: 'mesh' } & ViewerMesh)
  | { type: 'error'; reason: ViewerMeshFailure };

const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function readLittleEndian(buffer: ArrayBuffer, count: number): Float32Array<ArrayBuffer> {
  const values = new Float32Array(count);
  const view = new DataView(buffer);
  for (let i = 0; i < count; i++) values[i] = view.getFloat32(i * 4, true);
  return values;
}

/** Why a file of `byteLength` bytes cannot be shown, or null when it can. */
export function checkViewerMeshLength(byteLength: number, maxTriangles: number): ViewerMeshFailure | null {
  if (byteLength > maxTriangles * bytesPerTriangle) return 'too-big';
  if (byteLength === 0 || byteLength % bytesPerTriangle !== 0) return 'parse';
  return null;
}

/**
 * Reads a viewer mesh: checks its length and coordinates, computes one normal per triangle (flat
 * shading) and the bounding box. Degenerate triangles get a zero normal; a NaN or infinite coordinate
 * makes the file unreadable.
 */
export function readViewerMesh(
  buffer: ArrayBuffer,
  maxTriangles: number,
): { ok: true; mesh: ViewerMesh } | { ok: false; reason: ViewerMeshFailure } {
  const failure = checkViewerMeshLength(buffer.byteLength, maxTriangles);
  if (failure) return { ok: false, reason: failure };
  const triangles = buffer.byteLength / bytesPerTriangle;
  const positions = littleEndian ? new Float32Array(buffer) : readLittleEndian(buffer, triangles * 9);
  const normals = new Float32Array(positions.length);
  let minX = Infinity;
  let minY = Infinity;
  let minZ = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let maxZ = -Infinity;
  for (let t = 0; t < positions.length; t += 9) {
    const ax = positions[t]!;
    const ay = positions[t + 1]!;
    const az = positions[t + 2]!;
    const bx = positions[t + 3]!;
    const by = positions[t + 4]!;
    const bz = positions[t + 5]!;
    const cx = positions[t + 6]!;
    const cy = positions[t + 7]!;
    const cz = positions[t + 8]!;
    const sum = ax + ay + az + bx + by + bz + cx + cy + cz;
    if (!Number.isFinite(sum)) return { ok: false, reason: 'parse' };
    minX = Math.min(minX, ax, bx, cx);
    minY = Math.min(minY, ay, by, cy);
    minZ = Math.min(minZ, az, bz, cz);
    maxX = Math.max(maxX, ax, bx, cx);
    maxY = Math.max(maxY, ay, by, cy);
    maxZ = Math.max(maxZ, az, bz, cz);
    const ux = bx - ax;
    const uy = by - ay;
    const uz = bz - az;
    const vx = cx - ax;
    const vy = cy - ay;
    const vz = cz - az;
    let nx = uy * vz - uz * vy;
    let ny = uz * vx - ux * vz;
    let nz = ux * vy - uy * vx;
    const length = Math.hypot(nx, ny, nz);
    if (length > 0) {
      nx /= length;
      ny /= length;
      nz /= length;
    }
    for (let k = 0; k < 9; k += 3) {
      normals[t + k] = nx;
      normals[t + k + 1] = ny;
      normals[t + k + 2] = nz;
    }
  }
  return {
    ok: true,
    mesh: { positions, normals, min: [minX, minY, minZ], max: [maxX, maxY, maxZ], triangles },
  };
}

/**
 * Where the camera starts: in front of the model (−Y), to its right and above it (+Z up), far enough for
 * the bounding sphere to fit the narrower field of view with a margin.
 */
export function frameBox(
  min: readonly [number, number, number],
  max: readonly [number, number, number],
  verticalFov: number,
  aspect: number,
): {
  target: [number, number, number];
  position: [number, number, number];
  radius: number;
  distance: number;
} {
  const target: [number, number, number] = [
    (min[0] + max[0]) / 2,
    (min[1] + max[1]) / 2,
    (min[2] + max[2]) / 2,
  ];
  const radius = Math.max(Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) / 2, 1e-3);
  const halfVertical = (verticalFov * Math.PI) / 360;
  const halfHorizontal = Math.atan(Math.tan(halfVertical) * aspect);
  const distance = (radius / Math.sin(Math.min(halfVertical, halfHorizontal))) * 1.05;
  const direction = [0.55, -1, 0.6];
  const norm = Math.hypot(direction[0]!, direction[1]!, direction[2]!);
  const position: [number, number, number] = [
    target[0] + (direction[0]! / norm) * distance,
    target[1] + (direction[1]! / norm) * distance,
    target[2] + (direction[2]! / norm) * distance,
  ];
  return { target, position, radius, distance };
}
