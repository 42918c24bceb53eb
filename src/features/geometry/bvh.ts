/**
 * A compact bounding-volume hierarchy over the triangles of a mesh, for the 3D-print checks that need
 * one (self-intersections, thin walls; decision 0016). Built by median splits: a node's triangles are
 * split in two equal halves at the median centroid along the longest axis of their centroids' box
 * (a quickselect, no sort), down to leaves of at most `leafSize` triangles. The tree's shape then
 * depends on the triangle count only, so its node count is known before building and every array is
 * allocated once, at its final size. Everything lives in typed arrays:
 *
 * - `positions`: the mesh's corners copied in leaf order (a leaf's triangles sit together in memory),
 * - `order`: the mesh triangle number of each of those slots,
 * - `boxes`: 6 floats per node (min x y z, max x y z), exact: float corners are compared, never rounded,
 * - `nodes`: 2 per node, `[first slot, count]` for a leaf, `[first child, 0]` for an inner node whose
 *   second child is `first child + 1`. Node 0 is the root; children always come after their parent.
 *
 * About 36 + 4 + ~8 bytes per triangle (positions, order, nodes) kept, plus 12 for centroids while building.
 */
import { GeometryError, triangleCount, type TriangleMesh } from './mesh';

export interface MeshBvh {
  triangles: number;
  leafSize: number;
  /** The corners in leaf order, 9 numbers per triangle. */
  positions: Float32Array;
  /** The mesh triangle number in each slot of `positions`. */
  order: Uint32Array;
  /** 6 per node: min x, y, z then max x, y, z. */
  boxes: Float32Array;
  /** 2 per node: a leaf's first slot and triangle count, or an inner node's first child and 0. */
  nodes: Uint32Array;
  nodeCount: number;
}

export interface BvhOptions {
  /** Most triangles in a leaf (default 8). */
  leafSize?: number;
}

export const defaultLeafSize = 8;

/** Nodes of the tree over `count` triangles: a leaf, or a node over two halves. */
export function bvhNodeCount(count: number, leafSize: number, memo = new Map<number, number>()): number {
  if (count <= leafSize) return 1;
  const known = memo.get(count);
  if (known !== undefined) return known;
  const half = Math.floor(count / 2);
  const nodes = 1 + bvhNodeCount(half, leafSize, memo) + bvhNodeCount(count - half, leafSize, memo);
  memo.set(count, nodes);
  return nodes;
}

export function buildBvh(mesh: TriangleMesh, options: BvhOptions = {}): MeshBvh {
  const leafSize = options.leafSize ?? defaultLeafSize;
  if (!Number.isInteger(leafSize) || leafSize < 1)
    throw new RangeError('leafSize must be a whole number ≥ 1');
  const source = mesh.positions;
  const triangles = triangleCount(mesh);
  if (triangles >= 2 ** 32 - 1)
    throw new GeometryError('too_large', `the mesh has more than ${2 ** 32 - 2} triangles`);
  const nodeCount = triangles === 0 ? 0 : bvhNodeCount(triangles, leafSize);
  const nodes = new Uint32Array(nodeCount * 2);
  const boxes = new Float32Array(nodeCount * 6);
  const order = new Uint32Array(triangles);
  // Centroids (times three), kept in slot order: they move with `order`, so splits read them in sequence.
  const centroids = new Float32Array(triangles * 3);
  for (let t = 0; t < triangles; t++) {
    order[t] = t;
    const i = t * 9;
    centroids[t * 3] = source[i]! + source[i + 3]! + source[i + 6]!;
    centroids[t * 3 + 1] = source[i + 1]! + source[i + 4]! + source[i + 7]!;
    centroids[t * 3 + 2] = source[i + 2]! + source[i + 5]! + source[i + 8]!;
  }

  if (nodeCount > 0) {
    // Depth-first with an explicit stack of (node, first slot, count).
    const stack: number[] = [0, 0, triangles];
    let next = 1;
    while (stack.length > 0) {
      const count = stack.pop()!;
      const first = stack.pop()!;
      const node = stack.pop()!;
      if (count <= leafSize) {
        nodes[node * 2] = first;
        nodes[node * 2 + 1] = count;
        continue;
      }
      const axis = longestAxis(centroids, first, first + count);
      const half = Math.floor(count / 2);
      select(centroids, order, axis, first, first + count - 1, first + half);
      const left = next;
      next += 2;
      nodes[node * 2] = left;
      nodes[node * 2 + 1] = 0;
      stack.push(left, first, half, left + 1, first + half, count - half);
    }
  }

  const positions = new Float32Array(triangles * 9);
  for (let s = 0; s < triangles; s++) positions.set(source.subarray(order[s]! * 9, order[s]! * 9 + 9), s * 9);

  // Boxes bottom-up: children come after their parent, so a backward pass sees them first.
  for (let node = nodeCount - 1; node >= 0; node--) {
    const b = node * 6;
    const count = nodes[node * 2 + 1]!;
    if (count === 0) {
      const l = nodes[node * 2]! * 6;
      const r = l + 6;
      for (let k = 0; k < 3; k++) {
        boxes[b + k] = Math.min(boxes[l + k]!, boxes[r + k]!);
        boxes[b + 3 + k] = Math.max(boxes[l + 3 + k]!, boxes[r + 3 + k]!);
      }
      continue;
    }
    let minX = Infinity,
      minY = Infinity,
      minZ = Infinity,
      maxX = -Infinity,
      maxY = -Infinity,
      maxZ = -Infinity;
    const from = nodes[node * 2]! * 9;
    const to = from + count * 9;
    for (let i = from; i < to; i += 3) {
      const x = positions[i]!,
        y = positions[i + 1]!,
        z = positions[i + 2]!;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      if (z < minZ) minZ = z;
      if (z > maxZ) maxZ = z;
    }
    boxes[b] = minX;
    boxes[b + 1] = minY;
    boxes[b + 2] = minZ;
    boxes[b + 3] = maxX;
    boxes[b + 4] = maxY;
    boxes[b + 5] = maxZ;
  }
  return { triangles, leafSize, positions, order, boxes, nodes, nodeCount };
}

/** The axis along which the centroids of slots `[from, to)` spread most. */
function longestAxis(centroids: Float32Array, from: number, to: number): number {
  let minX = Infinity,
    minY = Infinity,
    minZ = Infinity,
    maxX = -Infinity,
    maxY = -Infinity,
    maxZ = -Infinity;
  for (let i = from * 3; i < to * 3; i += 3) {
    const x = centroids[i]!,
      y = centroids[i + 1]!,
      z = centroids[i + 2]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  const x = maxX - minX,
    y = maxY - minY,
    z = maxZ - minZ;
  return x >= y && x >= z ? 0 : y >= z ? 1 : 2;
}

/**
 * Reorders slots `[lo, hi]` so that slot `k` holds the triangle whose centroid would be there if they
 * were sorted along `axis`, with no larger centroid before it and no smaller after (Hoare's
 * quickselect, median-of-three pivot).
 */
function select(
  centroids: Float32Array,
  order: Uint32Array,
  axis: number,
  lo: number,
  hi: number,
  k: number,
) {
  const key = (s: number) => centroids[s * 3 + axis]!;
  const swap = (a: number, b: number) => {
    const t = order[a]!;
    order[a] = order[b]!;
    order[b] = t;
    for (let c = 0; c < 3; c++) {
      const u = centroids[a * 3 + c]!;
      centroids[a * 3 + c] = centroids[b * 3 + c]!;
      centroids[b * 3 + c] = u;
    }
  };
  while (hi > lo) {
    const a = key(lo),
      b = key((lo + hi) >>> 1),
      c = key(hi);
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo,
      j = hi;
    while (i <= j) {
      while (key(i) < pivot) i++;
      while (key(j) > pivot) j--;
      if (i <= j) {
        if (i !== j) swap(i, j);
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/** The largest extent of the mesh (the root box), 0 for an empty mesh. */
export function bvhExtent(bvh: MeshBvh): number {
  if (bvh.nodeCount === 0) return 0;
  const b = bvh.boxes;
  return Math.max(b[3]! - b[0]!, b[4]! - b[1]!, b[5]! - b[2]!);
}

/**
 * The nearest hit of the ray `origin + t × direction` with a triangle, for `tMin < t < tMax`, or
 * Infinity. `skipSlot` (a slot of `bvh.positions`, or -1) is ignored, e.g. the triangle the ray starts
 * on. Triangles are hit from either side. `t` is in units of the direction's length.
 */
export function nearestHit(
  bvh: MeshBvh,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  tMin: number,
  tMax: number,
  skipSlot = -1,
): number {
  if (bvh.nodeCount === 0) return Infinity;
  const { boxes, nodes, positions } = bvh;
  const ix = 1 / dx,
    iy = 1 / dy,
    iz = 1 / dz;
  let best = tMax;
  const stack = rayStack;
  let top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const node = stack[--top]!;
    const b = node * 6;
    // Slab test; a NaN (a zero direction component on a slab's plane) leaves the interval as it is.
    let near = tMin,
      far = best;
    let t0 = (boxes[b]! - ox) * ix,
      t1 = (boxes[b + 3]! - ox) * ix;
    if (t0 > t1) {
      const t = t0;
      t0 = t1;
      t1 = t;
    }
    if (t0 > near) near = t0;
    if (t1 < far) far = t1;
    t0 = (boxes[b + 1]! - oy) * iy;
    t1 = (boxes[b + 4]! - oy) * iy;
    if (t0 > t1) {
      const t = t0;
      t0 = t1;
      t1 = t;
    }
    if (t0 > near) near = t0;
    if (t1 < far) far = t1;
    t0 = (boxes[b + 2]! - oz) * iz;
    t1 = (boxes[b + 5]! - oz) * iz;
    if (t0 > t1) {
      const t = t0;
      t0 = t1;
      t1 = t;
    }
    if (t0 > near) near = t0;
    if (t1 < far) far = t1;
    if (near > far) continue;
    const count = nodes[node * 2 + 1]!;
    if (count === 0) {
      const left = nodes[node * 2]!;
      stack[top++] = left;
      stack[top++] = left + 1;
      continue;
    }
    const first = nodes[node * 2]!;
    for (let s = first; s < first + count; s++) {
      if (s === skipSlot) continue;
      const t = rayTriangle(positions, s * 9, ox, oy, oz, dx, dy, dz);
      if (t > tMin && t < best) best = t;
    }
  }
  return best < tMax ? best : Infinity;
}

/** Depth-first stack: at most one pending sibling per level, and the tree is balanced (depth < 32). */
const rayStack = new Int32Array(128);

/** Möller–Trumbore in doubles, either side: the ray parameter of the hit, or NaN. */
function rayTriangle(
  p: Float32Array,
  i: number,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
): number {
  const ax = p[i]!,
    ay = p[i + 1]!,
    az = p[i + 2]!;
  const e1x = p[i + 3]! - ax,
    e1y = p[i + 4]! - ay,
    e1z = p[i + 5]! - az;
  const e2x = p[i + 6]! - ax,
    e2y = p[i + 7]! - ay,
    e2z = p[i + 8]! - az;
  const px = dy * e2z - dz * e2y,
    py = dz * e2x - dx * e2z,
    pz = dx * e2y - dy * e2x;
  const det = e1x * px + e1y * py + e1z * pz;
  if (det === 0) return NaN;
  const inv = 1 / det;
  const sx = ox - ax,
    sy = oy - ay,
    sz = oz - az;
  const u = (sx * px + sy * py + sz * pz) * inv;
  if (u < 0 || u > 1) return NaN;
  const qx = sy * e1z - sz * e1y,
    qy = sz * e1x - sx * e1z,
    qz = sx * e1y - sy * e1x;
  const v = (dx * qx + dy * qy + dz * qz) * inv;
  if (v < 0 || u + v > 1) return NaN;
  return (e2x * qx + e2y * qy + e2z * qz) * inv;
}
