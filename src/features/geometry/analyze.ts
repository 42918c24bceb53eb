/**
 * The figures of a mesh (DESIGN §6, issue 5 part 1): size, area and volume, and the topology a printer
 * cares about — after welding corners closer than a millionth of the model's largest extent, as files
 * often repeat a vertex with rounding noise (weld.ts, decision 0042). One pass for the measures, the
 * weld, then a counting sort of the edges; memory stays within a few dozen bytes per triangle. Faces
 * without area are counted; a mesh of nothing else is neither watertight nor manifold.
 */
import { doubleAreaSquared, GeometryError, triangleCount, type TriangleMesh } from './mesh';
import { weldCorners } from './weld';

import type { LengthUnit } from '@/features/catalog/api';

export { lengthUnits, type LengthUnit } from '@/features/catalog/api';
export const millimetresPer: Record<LengthUnit, number> = { mm: 1, cm: 10, in: 25.4, m: 1000 };

/** Half-edges store a vertex number times two in an Int32: vertex numbers stay below 2^30. */
const maxVertices = 2 ** 30;

/** Welding tolerance as a share of the largest extent. */
export const weldToleranceShare = 1e-6;

export interface MeshFigures {
  /** The unit the seller declared; every length below is in millimetres. */
  unit: LengthUnit;
  triangles: number;
  /** Distinct corners after welding. */
  vertices: number;
  boundingBox: {
    min: [number, number, number];
    max: [number, number, number];
    size: [number, number, number];
  };
  surfaceAreaMm2: number;
  /** The absolute signed volume; only meaningful when `volumeReliable`. */
  volumeMm3: number;
  /** False unless the mesh is watertight and consistently oriented: the volume is then an estimate. */
  volumeReliable: boolean;
  watertight: boolean;
  manifold: boolean;
  consistentlyOriented: boolean;
  /** Edges with one face. */
  boundaryEdges: number;
  /** Edges with more than two faces. */
  nonManifoldEdges: number;
  /** Directed edges that more than one face runs along (neighbours facing opposite ways). */
  inconsistentEdges: number;
  /** Groups of faces joined by shared vertices. */
  components: number;
  /** Faces with no area (two corners welded together, or all three on a line). */
  degenerateFaces: number;
  /** The welding tolerance, in the file's unit. */
  weldTolerance: number;
}

export function analyzeMesh(mesh: TriangleMesh, unit: LengthUnit = 'mm'): MeshFigures {
  return analyzeMeshWithWeld(mesh, unit).figures;
}

/** `analyzeMesh`, plus the welded vertex number of every corner (3 per triangle) for further checks. */
export function analyzeMeshWithWeld(
  mesh: TriangleMesh,
  unit: LengthUnit = 'mm',
): { figures: MeshFigures; corners: Int32Array } {
  const { positions } = mesh;
  const triangles = triangleCount(mesh);
  const measures = measure(positions);
  const extent = Math.max(...measures.size);
  const tolerance = extent > 0 ? extent * weldToleranceShare : weldToleranceShare;
  const weld = weldCorners(positions, measures.min, tolerance);
  if (weld.vertexCount >= maxVertices)
    throw new GeometryError('too_large', `the mesh has more than ${maxVertices} distinct vertices`);
  const topology = edgeTopology(weld.corners, weld.vertexCount);
  const components = countComponents(weld.corners, weld.vertexCount);
  const degenerateFaces = countDegenerate(positions, weld.corners, extent);
  const scale = millimetresPer[unit];
  // Faces without area enclose nothing: a mesh of only such faces is neither closed nor manifold.
  const hasSurface = degenerateFaces < triangles;
  const manifold = hasSurface && topology.nonManifoldEdges === 0;
  const watertight = manifold && topology.boundaryEdges === 0;
  const consistentlyOriented = topology.inconsistentEdges === 0;
  const mm = (v: [number, number, number]) => v.map((x) => x * scale) as [number, number, number];
  const figures: MeshFigures = {
    unit,
    triangles,
    vertices: weld.vertexCount,
    boundingBox: { min: mm(measures.min), max: mm(measures.max), size: mm(measures.size) },
    surfaceAreaMm2: measures.area * scale ** 2,
    volumeMm3: Math.abs(measures.signedVolume) * scale ** 3,
    volumeReliable: watertight && consistentlyOriented,
    watertight,
    manifold,
    consistentlyOriented,
    boundaryEdges: topology.boundaryEdges,
    nonManifoldEdges: topology.nonManifoldEdges,
    inconsistentEdges: topology.inconsistentEdges,
    components,
    degenerateFaces,
    weldTolerance: tolerance,
  };
  return { figures, corners: weld.corners };
}

type Vec3 = [number, number, number];

/** Bounding box, surface area and signed volume (divergence theorem), in doubles. */
function measure(p: Float32Array) {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  let area = 0;
  let signedVolume = 0;
  for (let i = 0; i < p.length; i += 9) {
    const ax = p[i]!,
      ay = p[i + 1]!,
      az = p[i + 2]!;
    const bx = p[i + 3]!,
      by = p[i + 4]!,
      bz = p[i + 5]!;
    const cx = p[i + 6]!,
      cy = p[i + 7]!,
      cz = p[i + 8]!;
    signedVolume += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
    const ux = bx - ax,
      uy = by - ay,
      uz = bz - az;
    const vx = cx - ax,
      vy = cy - ay,
      vz = cz - az;
    const nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    area += Math.sqrt(nx * nx + ny * ny + nz * nz);
    for (let k = 0; k < 9; k += 3) {
      const x = p[i + k]!,
        y = p[i + k + 1]!,
        z = p[i + k + 2]!;
      if (x < min[0]) min[0] = x;
      if (x > max[0]) max[0] = x;
      if (y < min[1]) min[1] = y;
      if (y > max[1]) max[1] = y;
      if (z < min[2]) min[2] = z;
      if (z > max[2]) max[2] = z;
    }
  }
  if (p.length === 0) {
    min.fill(0);
    max.fill(0);
  }
  const size: Vec3 = [max[0] - min[0], max[1] - min[1], max[2] - min[2]];
  return { min, max, size, area: area / 2, signedVolume: signedVolume / 6 };
}

/**
 * How many faces run along each edge, in either direction. Half-edges are bucketed by their lower
 * vertex (a counting sort: two linear passes), then each vertex's few half-edges are grouped by their
 * other vertex; this keeps memory access sequential, unlike a hash table of edges. A face with two
 * corners welded together is a line, not a face: it has no edges (else its two half-edges along the
 * line would pair up with each other and close it).
 */
function edgeTopology(corners: Int32Array, vertexCount: number) {
  const start = new Int32Array(vertexCount + 1);
  for (let f = 0; f < corners.length; f += 3) {
    const a = corners[f]!,
      b = corners[f + 1]!,
      c = corners[f + 2]!;
    if (a === b || b === c || a === c) continue;
    start[(a < b ? a : b) + 1]!++;
    start[(b < c ? b : c) + 1]!++;
    start[(c < a ? c : a) + 1]!++;
  }
  for (let v = 0; v < vertexCount; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, vertexCount);
  // The other vertex, times two, plus 1 when the face runs from the higher vertex to the lower.
  const halfEdges = new Int32Array(start[vertexCount]!);
  const put = (a: number, b: number) => {
    if (a < b) halfEdges[fill[a]!++] = b * 2;
    else halfEdges[fill[b]!++] = a * 2 + 1;
  };
  for (let f = 0; f < corners.length; f += 3) {
    const a = corners[f]!,
      b = corners[f + 1]!,
      c = corners[f + 2]!;
    if (a === b || b === c || a === c) continue;
    put(a, b);
    put(b, c);
    put(c, a);
  }
  let boundaryEdges = 0;
  let nonManifoldEdges = 0;
  let inconsistentEdges = 0;
  for (let v = 0; v < vertexCount; v++) {
    const from = start[v]!;
    const to = start[v + 1]!;
    // A vertex mostly has a handful of half-edges: insertion sort, in place (a fan's centre may have
    // millions).
    if (to - from > 32) halfEdges.subarray(from, to).sort();
    else
      for (let i = from + 1; i < to; i++) {
        const edge = halfEdges[i]!;
        let j = i - 1;
        for (; j >= from && halfEdges[j]! > edge; j--) halfEdges[j + 1] = halfEdges[j]!;
        halfEdges[j + 1] = edge;
      }
    for (let i = from; i < to;) {
      const other = halfEdges[i]! >> 1;
      let forward = 0;
      let backward = 0;
      for (; i < to && halfEdges[i]! >> 1 === other; i++) {
        if (halfEdges[i]! & 1) backward++;
        else forward++;
      }
      const faces = forward + backward;
      if (faces === 1) boundaryEdges++;
      else if (faces > 2) nonManifoldEdges++;
      if (forward > 1) inconsistentEdges++;
      if (backward > 1) inconsistentEdges++;
    }
  }
  return { boundaryEdges, nonManifoldEdges, inconsistentEdges };
}

/** Faces sharing a vertex are one component (union–find over the vertices). */
function countComponents(corners: Int32Array, vertexCount: number): number {
  const parent = new Int32Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) parent[v] = v;
  const root = (v: number) => {
    while (parent[v] !== v) v = parent[v] = parent[parent[v]!]!;
    return v;
  };
  for (let c = 0; c < corners.length; c += 3) {
    const a = root(corners[c]!);
    const b = root(corners[c + 1]!);
    const d = root(corners[c + 2]!);
    parent[b] = a;
    parent[d] = a;
  }
  let components = 0;
  for (let v = 0; v < vertexCount; v++) if (root(v) === v) components++;
  return components;
}

/** Faces whose corners weld together, or whose area is nil next to the model's size. */
function countDegenerate(p: Float32Array, corners: Int32Array, extent: number): number {
  const threshold = (extent * 1e-9) ** 2;
  // A local reference: a module's export read through its namespace on every face costs a lookup each.
  const areaSquared = doubleAreaSquared;
  let count = 0;
  for (let f = 0; f < corners.length / 3; f++) {
    const a = corners[f * 3]!,
      b = corners[f * 3 + 1]!,
      c = corners[f * 3 + 2]!;
    if (a === b || b === c || a === c) {
      count++;
      continue;
    }
    if (areaSquared(p, f * 9) <= threshold) count++;
  }
  return count;
}
