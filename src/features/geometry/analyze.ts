/**
 * The figures of a mesh (DESIGN §6, issue 5 part 1): size, area and volume, and the topology a printer
 * cares about — after welding corners closer than a millionth of the model's largest extent, as files
 * often repeat a vertex with rounding noise. One pass for the measures, then two hash tables (corners
 * to vertices, edges to the faces on them); memory stays within a few dozen bytes per triangle.
 */
import { doubleAreaSquared, GeometryError, triangleCount, type TriangleMesh } from './mesh';

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
  const watertight = topology.boundaryEdges === 0 && topology.nonManifoldEdges === 0;
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
    manifold: topology.nonManifoldEdges === 0,
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

const nextPowerOfTwo = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(n, 16)));

/**
 * Each corner's vertex number: corners on the same point of a grid of `tolerance` (measured from the
 * box's lower corner, so grid coordinates stay below 2^21) are one vertex. The table starts small (most
 * meshes have a sixth as many vertices as corners) and doubles when half full.
 */
function weldCorners(p: Float32Array, min: Vec3, tolerance: number) {
  const cornerCount = p.length / 3;
  const corners = new Int32Array(cornerCount);
  const scale = 1 / tolerance;
  let slots = new Int32Array(nextPowerOfTwo(cornerCount / 3)).fill(-1);
  let mask = slots.length - 1;
  let keys = new Int32Array(Math.min(cornerCount, 1024) * 3);
  let vertexCount = 0;
  // Grid coordinates are regular: their bits are mixed (a MurmurHash3 finish) so probes stay short.
  const hash = (x: number, y: number, z: number) => {
    let h = Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca77) ^ Math.imul(z, 0xc2b2ae3d);
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return h ^ (h >>> 16);
  };
  const grow = () => {
    slots = new Int32Array(slots.length * 2).fill(-1);
    mask = slots.length - 1;
    for (let v = 0; v < vertexCount; v++) {
      let slot = hash(keys[v * 3]!, keys[v * 3 + 1]!, keys[v * 3 + 2]!) & mask;
      while (slots[slot] !== -1) slot = (slot + 1) & mask;
      slots[slot] = v;
    }
  };
  for (let c = 0; c < cornerCount; c++) {
    const qx = Math.round((p[c * 3]! - min[0]) * scale);
    const qy = Math.round((p[c * 3 + 1]! - min[1]) * scale);
    const qz = Math.round((p[c * 3 + 2]! - min[2]) * scale);
    let slot = hash(qx, qy, qz) & mask;
    for (;;) {
      const v = slots[slot]!;
      if (v === -1) {
        if ((vertexCount + 1) * 3 > keys.length) {
          const grown = new Int32Array(Math.min(cornerCount * 3, keys.length * 2));
          grown.set(keys);
          keys = grown;
        }
        keys[vertexCount * 3] = qx;
        keys[vertexCount * 3 + 1] = qy;
        keys[vertexCount * 3 + 2] = qz;
        slots[slot] = vertexCount;
        corners[c] = vertexCount++;
        if (vertexCount * 2 > slots.length) grow();
        break;
      }
      if (keys[v * 3] === qx && keys[v * 3 + 1] === qy && keys[v * 3 + 2] === qz) {
        corners[c] = v;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  return { corners, vertexCount };
}

/**
 * How many faces run along each edge, in either direction. Half-edges are bucketed by their lower
 * vertex (a counting sort: two linear passes), then each vertex's few half-edges are grouped by their
 * other vertex; this keeps memory access sequential, unlike a hash table of edges.
 */
function edgeTopology(corners: Int32Array, vertexCount: number) {
  const start = new Int32Array(vertexCount + 1);
  for (let c = 0; c < corners.length; c++) {
    const a = corners[c]!;
    const b = corners[c % 3 === 2 ? c - 2 : c + 1]!;
    if (a !== b) start[(a < b ? a : b) + 1]!++;
  }
  for (let v = 0; v < vertexCount; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, vertexCount);
  // The other vertex, times two, plus 1 when the face runs from the higher vertex to the lower.
  const halfEdges = new Int32Array(start[vertexCount]!);
  for (let c = 0; c < corners.length; c++) {
    const a = corners[c]!;
    const b = corners[c % 3 === 2 ? c - 2 : c + 1]!;
    if (a === b) continue;
    if (a < b) halfEdges[fill[a]!++] = b * 2;
    else halfEdges[fill[b]!++] = a * 2 + 1;
  }
  let boundaryEdges = 0;
  let nonManifoldEdges = 0;
  let inconsistentEdges = 0;
  for (let v = 0; v < vertexCount; v++) {
    const from = start[v]!;
    const to = start[v + 1]!;
    if (to - from > 1) halfEdges.subarray(from, to).sort();
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
  let count = 0;
  for (let f = 0; f < corners.length / 3; f++) {
    const a = corners[f * 3]!,
      b = corners[f * 3 + 1]!,
      c = corners[f * 3 + 2]!;
    if (a === b || b === c || a === c) {
      count++;
      continue;
    }
    if (doubleAreaSquared(p, f * 9) <= threshold) count++;
  }
  return count;
}
