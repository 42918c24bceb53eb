/**
 * What the exporters write: an indexed triangle mesh in millimetres, +Z up, every triangle
 * counter-clockwise seen from outside (the shape of the procedural seed's `Solid`, declared here so the
 * geometry feature does not import the seed). Every writer checks it first, so a bad mesh is a
 * RangeError naming the problem rather than a file no one can open.
 */
import { float32Max } from '../mesh';

export interface IndexedMesh {
  /** x, y, z per vertex, in millimetres, +Z up. */
  positions: Float64Array | Float32Array;
  /** Three vertex indices per triangle, counter-clockwise seen from outside. */
  triangles: Uint32Array;
}

export function assertWritable(mesh: IndexedMesh, format: string): void {
  const { positions, triangles } = mesh;
  if (positions.length % 3 !== 0)
    throw new RangeError(`${format}: ${positions.length} coordinates is not a whole number of vertices`);
  if (triangles.length % 3 !== 0)
    throw new RangeError(`${format}: ${triangles.length} indices is not a whole number of triangles`);
  if (triangles.length === 0) throw new RangeError(`${format}: the mesh has no triangles`);
  const vertices = positions.length / 3;
  for (let i = 0; i < triangles.length; i++)
    if (triangles[i]! >= vertices)
      throw new RangeError(`${format}: index ${triangles[i]} is past the mesh's ${vertices} vertices`);
  for (let i = 0; i < positions.length; i++)
    if (!(Math.abs(positions[i]!) <= float32Max))
      throw new RangeError(`${format}: vertex ${Math.floor(i / 3)} has a coordinate no 32-bit float holds`);
}

/**
 * The name as one line of printable text (no control characters, at most `maxLength` characters),
 * for headers and comments; 'model' when nothing is left.
 */
export function oneLineName(name: string, maxLength = 200): string {
  const line = name
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufffe\uffff]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(line).slice(0, maxLength).join('').trim() || 'model';
}

/**
 * A millimetre figure for the text formats (OBJ, 3MF): rounded to 0.1 µm, far below any printer's
 * resolution, written as the shortest decimal (`12.5`, `-0.0375`, `0`), never `-0`.
 */
export function formatMillimetres(value: number): string {
  const rounded = Math.round(value * 1e4) / 1e4;
  return rounded === 0 ? '0' : String(rounded);
}

const millimetresPerMetre = 1000;

/**
 * glTF's and USD's axes: metres with +Y up, so (x, y, z) in millimetres with +Z up becomes
 * (x, z, −y) × 0.001, a rotation, which keeps the winding. (+ 0 turns −0 into 0.)
 */
export function yUpMetres(positions: IndexedMesh['positions']): Float32Array {
  const yUp = new Float32Array(positions.length);
  for (let i = 0; i < positions.length; i += 3) {
    yUp[i] = positions[i]! / millimetresPerMetre + 0;
    yUp[i + 1] = positions[i + 2]! / millimetresPerMetre + 0;
    yUp[i + 2] = -positions[i + 1]! / millimetresPerMetre + 0;
  }
  return yUp;
}

/** The smallest and largest x, y and z of the points. */
export function boundsOf(points: Float32Array): { min: number[]; max: number[] } {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < points.length; i += 3)
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k]!, points[i + k]!);
      max[k] = Math.max(max[k]!, points[i + k]!);
    }
  return { min, max };
}
