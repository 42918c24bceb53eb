/**
 * Self-intersecting triangle pairs (DESIGN §6, issue 5 part 1): pairs of triangles that cross each
 * other, found by a descent over pairs of BVH nodes (a node against itself, then against its sibling),
 * with an exact-enough triangle–triangle test in doubles at the leaves.
 *
 * Definition (the ground truth's, tests/fixtures/meshes/SOURCES.md): two triangles intersect when each
 * crosses the other's plane properly — one corner more than a tolerance above it, one more than the
 * tolerance below — and the two segments they cut from the line where the planes meet overlap by
 * more than the tolerance. So not counted: triangles sharing a vertex (adjacent), coplanar overlaps,
 * degenerate (zero-area) triangles, and triangles that only touch (a corner on the other's face, edges
 * meeting) within the tolerance. The tolerance is a millionth of the model's largest extent, as for
 * the weld of `analyzeMesh`.
 *
 * Adjacency: `corners` gives each corner's vertex number (3 per triangle, e.g. the tolerant weld of the
 * analysis); without it, two triangles are adjacent when they have a corner at exactly the same
 * position (an exact weld, done pair by pair: no table).
 *
 * Limits: `maxPairs` stops the count there (`capped`); `timeBudgetMs` stops the descent when that
 * much time has passed since the call (`timedOut`). Either way `pairs` is then a lower bound: a mesh
 * that was stopped still certainly self-intersects when `pairs > 0`. Nothing is thrown for the budget:
 * the caller decides whether a partial count is an error.
 */
import { buildBvh, bvhExtent, type MeshBvh } from './bvh';
import { triangleCount, type TriangleMesh } from './mesh';

export interface SelfIntersectionOptions {
  /** A BVH of this mesh, when the caller has one (it is built otherwise). */
  bvh?: MeshBvh;
  /** Vertex number of each corner, 3 per triangle; triangles sharing one are not tested. */
  corners?: Int32Array;
  /** Stop counting at this many pairs (default: no cap). */
  maxPairs?: number;
  /** Stop after this many milliseconds (default: no limit); the BVH build counts. */
  timeBudgetMs?: number;
  /** The tolerance as a share of the largest extent (default 1e-6). */
  toleranceShare?: number;
}

export interface SelfIntersections {
  /** Intersecting triangle pairs found (a lower bound when `capped` or `timedOut`). */
  pairs: number;
  /** Counting stopped at `maxPairs`. */
  capped: boolean;
  /** Counting stopped at `timeBudgetMs`. */
  timedOut: boolean;
}

export const selfIntersectionToleranceShare = 1e-6;

export function countSelfIntersections(
  mesh: TriangleMesh,
  options: SelfIntersectionOptions = {},
): SelfIntersections {
  const started = performance.now();
  const deadline = options.timeBudgetMs === undefined ? Infinity : started + options.timeBudgetMs;
  const maxPairs = options.maxPairs ?? Infinity;
  const triangles = triangleCount(mesh);
  const corners = options.corners;
  if (corners && corners.length !== triangles * 3)
    throw new RangeError(`corners holds ${corners.length} numbers for ${triangles} triangles (3 each)`);
  const bvh = options.bvh ?? buildBvh(mesh);
  if (bvh.triangles !== triangles) throw new RangeError('the BVH was built for another mesh');
  const result: SelfIntersections = { pairs: 0, capped: false, timedOut: false };
  if (bvh.nodeCount === 0) return result;
  if (maxPairs <= 0) return { ...result, capped: true };
  const tolerance = bvhExtent(bvh) * (options.toleranceShare ?? selfIntersectionToleranceShare);
  const { boxes, nodes, positions, order } = bvh;

  // Corner boxes of the triangles of the two leaves at hand (6 doubles each).
  const boxA = new Float64Array(bvh.leafSize * 6);
  const boxB = new Float64Array(bvh.leafSize * 6);
  const adjacent = corners
    ? (s: number, t: number) => {
        const i = order[s]! * 3,
          j = order[t]! * 3;
        const a = corners[i]!,
          b = corners[i + 1]!,
          c = corners[i + 2]!;
        const d = corners[j]!,
          e = corners[j + 1]!,
          f = corners[j + 2]!;
        return (
          a === d || a === e || a === f || b === d || b === e || b === f || c === d || c === e || c === f
        );
      }
    : (s: number, t: number) => shareCornerPosition(positions, s * 9, t * 9);
  const pairCrosses = (s: number, t: number) =>
    !adjacent(s, t) && trianglesIntersect(positions, s * 9, positions, t * 9, tolerance);

  let pairs = 0;
  /** Tests the triangles of leaf `a` against those of leaf `b` (or against each other when a === b). */
  const testLeaves = (a: number, b: number) => {
    const firstA = nodes[a * 2]!,
      countA = nodes[a * 2 + 1]!;
    triangleBoxes(positions, firstA, countA, boxA);
    if (a === b) {
      for (let i = 0; i < countA; i++)
        for (let j = i + 1; j < countA; j++)
          if (boxesOverlap(boxA, i * 6, boxA, j * 6) && pairCrosses(firstA + i, firstA + j)) pairs++;
      return;
    }
    const firstB = nodes[b * 2]!,
      countB = nodes[b * 2 + 1]!;
    triangleBoxes(positions, firstB, countB, boxB);
    for (let i = 0; i < countA; i++) {
      if (!boxOverlapsNode(boxA, i * 6, boxes, b * 6)) continue;
      for (let j = 0; j < countB; j++)
        if (boxesOverlap(boxA, i * 6, boxB, j * 6) && pairCrosses(firstA + i, firstB + j)) pairs++;
    }
  };

  let stack = new Int32Array(1024);
  let top = 0;
  const push = (a: number, b: number) => {
    if (top + 2 > stack.length) {
      const grown = new Int32Array(stack.length * 2);
      grown.set(stack);
      stack = grown;
    }
    stack[top++] = a;
    stack[top++] = b;
  };
  push(0, 0);
  let visits = 0;
  while (top > 0) {
    const b = stack[--top]!;
    const a = stack[--top]!;
    const leafA = nodes[a * 2 + 1]! > 0;
    if (a === b) {
      if (leafA) testLeaves(a, a);
      else {
        const l = nodes[a * 2]!;
        push(l, l + 1);
        push(l + 1, l + 1);
        push(l, l);
      }
    } else {
      if (!nodesOverlap(boxes, a * 6, b * 6)) continue;
      const leafB = nodes[b * 2 + 1]! > 0;
      if (leafA && leafB) testLeaves(a, b);
      else if (leafB || (!leafA && boxSize(boxes, a * 6) >= boxSize(boxes, b * 6))) {
        const l = nodes[a * 2]!;
        push(l + 1, b);
        push(l, b);
      } else {
        const l = nodes[b * 2]!;
        push(a, l + 1);
        push(a, l);
      }
    }
    if (pairs >= maxPairs) return { pairs: maxPairs, capped: true, timedOut: false };
    if ((++visits & 255) === 0 && performance.now() > deadline)
      return { pairs, capped: false, timedOut: true };
  }
  return { pairs, capped: false, timedOut: false };
}

/** Every intersecting pair by testing all pairs: O(n²), for tests and tiny meshes. */
export function countSelfIntersectionsBruteForce(
  mesh: TriangleMesh,
  options: Pick<SelfIntersectionOptions, 'corners' | 'toleranceShare'> = {},
): number {
  const p = mesh.positions;
  const n = triangleCount(mesh);
  const { corners } = options;
  let min = [Infinity, Infinity, Infinity];
  let max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i++) {
    min[i % 3] = Math.min(min[i % 3]!, p[i]!);
    max[i % 3] = Math.max(max[i % 3]!, p[i]!);
  }
  if (n === 0) min = max = [0, 0, 0];
  const extent = Math.max(max[0]! - min[0]!, max[1]! - min[1]!, max[2]! - min[2]!);
  const tolerance = extent * (options.toleranceShare ?? selfIntersectionToleranceShare);
  let pairs = 0;
  for (let s = 0; s < n; s++)
    for (let t = s + 1; t < n; t++) {
      const adjacent = corners
        ? [0, 1, 2].some((k) => [0, 1, 2].some((m) => corners[s * 3 + k] === corners[t * 3 + m]))
        : shareCornerPosition(p, s * 9, t * 9);
      if (!adjacent && trianglesIntersect(p, s * 9, p, t * 9, tolerance)) pairs++;
    }
  return pairs;
}

function shareCornerPosition(p: Float32Array, i: number, j: number): boolean {
  for (let a = i; a < i + 9; a += 3) {
    const x = p[a]!,
      y = p[a + 1]!,
      z = p[a + 2]!;
    for (let b = j; b < j + 9; b += 3) if (p[b] === x && p[b + 1] === y && p[b + 2] === z) return true;
  }
  return false;
}

function triangleBoxes(p: Float32Array, first: number, count: number, out: Float64Array) {
  for (let k = 0; k < count; k++) {
    const i = (first + k) * 9;
    const o = k * 6;
    for (let c = 0; c < 3; c++) {
      const u = p[i + c]!,
        v = p[i + 3 + c]!,
        w = p[i + 6 + c]!;
      out[o + c] = u < v ? (u < w ? u : w) : v < w ? v : w;
      out[o + 3 + c] = u > v ? (u > w ? u : w) : v > w ? v : w;
    }
  }
}

function boxesOverlap(a: Float64Array, i: number, b: Float64Array, j: number): boolean {
  return (
    a[i]! <= b[j + 3]! &&
    b[j]! <= a[i + 3]! &&
    a[i + 1]! <= b[j + 4]! &&
    b[j + 1]! <= a[i + 4]! &&
    a[i + 2]! <= b[j + 5]! &&
    b[j + 2]! <= a[i + 5]!
  );
}

function boxOverlapsNode(a: Float64Array, i: number, boxes: Float32Array, j: number): boolean {
  return (
    a[i]! <= boxes[j + 3]! &&
    boxes[j]! <= a[i + 3]! &&
    a[i + 1]! <= boxes[j + 4]! &&
    boxes[j + 1]! <= a[i + 4]! &&
    a[i + 2]! <= boxes[j + 5]! &&
    boxes[j + 2]! <= a[i + 5]!
  );
}

function nodesOverlap(boxes: Float32Array, i: number, j: number): boolean {
  return (
    boxes[i]! <= boxes[j + 3]! &&
    boxes[j]! <= boxes[i + 3]! &&
    boxes[i + 1]! <= boxes[j + 4]! &&
    boxes[j + 1]! <= boxes[i + 4]! &&
    boxes[i + 2]! <= boxes[j + 5]! &&
    boxes[j + 2]! <= boxes[i + 5]!
  );
}

const boxSize = (boxes: Float32Array, i: number) =>
  boxes[i + 3]! - boxes[i]! + boxes[i + 4]! - boxes[i + 1]! + boxes[i + 5]! - boxes[i + 2]!;

/**
 * Whether triangles `p[i..i+9)` and `q[j..j+9)` cross (the definition at the top), in doubles,
 * coordinates taken relative to the first corner of the first triangle. After Möller (1997): each
 * triangle must straddle the other's plane, then the two intervals on the planes' common line must
 * overlap. Adjacency is not looked at here.
 */
export function trianglesIntersect(
  p: ArrayLike<number>,
  i: number,
  q: ArrayLike<number>,
  j: number,
  tolerance: number,
): boolean {
  const ox = p[i]!,
    oy = p[i + 1]!,
    oz = p[i + 2]!;
  // Triangle A: a0 = origin, a1, a2; triangle B: b0, b1, b2 (relative to the origin).
  const a1x = p[i + 3]! - ox,
    a1y = p[i + 4]! - oy,
    a1z = p[i + 5]! - oz;
  const a2x = p[i + 6]! - ox,
    a2y = p[i + 7]! - oy,
    a2z = p[i + 8]! - oz;
  const b0x = q[j]! - ox,
    b0y = q[j + 1]! - oy,
    b0z = q[j + 2]! - oz;
  const b1x = q[j + 3]! - ox,
    b1y = q[j + 4]! - oy,
    b1z = q[j + 5]! - oz;
  const b2x = q[j + 6]! - ox,
    b2y = q[j + 7]! - oy,
    b2z = q[j + 8]! - oz;

  // A's unit normal; B's corners' signed distances to A's plane.
  let nax = a1y * a2z - a1z * a2y,
    nay = a1z * a2x - a1x * a2z,
    naz = a1x * a2y - a1y * a2x;
  const la = Math.sqrt(nax * nax + nay * nay + naz * naz);
  if (!(la > 0)) return false;
  nax /= la;
  nay /= la;
  naz /= la;
  const db0 = nax * b0x + nay * b0y + naz * b0z;
  const db1 = nax * b1x + nay * b1y + naz * b1z;
  const db2 = nax * b2x + nay * b2y + naz * b2z;
  if (!straddles(db0, db1, db2, tolerance)) return false;

  // B's unit normal; A's corners' signed distances to B's plane.
  const e1x = b1x - b0x,
    e1y = b1y - b0y,
    e1z = b1z - b0z;
  const e2x = b2x - b0x,
    e2y = b2y - b0y,
    e2z = b2z - b0z;
  let nbx = e1y * e2z - e1z * e2y,
    nby = e1z * e2x - e1x * e2z,
    nbz = e1x * e2y - e1y * e2x;
  const lb = Math.sqrt(nbx * nbx + nby * nby + nbz * nbz);
  if (!(lb > 0)) return false;
  nbx /= lb;
  nby /= lb;
  nbz /= lb;
  const offset = nbx * b0x + nby * b0y + nbz * b0z;
  const da0 = -offset;
  const da1 = nbx * a1x + nby * a1y + nbz * a1z - offset;
  const da2 = nbx * a2x + nby * a2y + nbz * a2z - offset;
  if (!straddles(da0, da1, da2, tolerance)) return false;

  // The common line's unit direction; each triangle's interval along it.
  let dx = nay * nbz - naz * nby,
    dy = naz * nbx - nax * nbz,
    dz = nax * nby - nay * nbx;
  const ld = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (!(ld > 1e-12)) return false;
  dx /= ld;
  dy /= ld;
  dz /= ld;
  interval(0, dx * a1x + dy * a1y + dz * a1z, dx * a2x + dy * a2y + dz * a2z, da0, da1, da2, tolerance);
  const aLow = low,
    aHigh = high;
  interval(
    dx * b0x + dy * b0y + dz * b0z,
    dx * b1x + dy * b1y + dz * b1z,
    dx * b2x + dy * b2y + dz * b2z,
    db0,
    db1,
    db2,
    tolerance,
  );
  return Math.min(aHigh, high) - Math.max(aLow, low) > tolerance;
}

/** One corner more than `tolerance` above the plane and one more than `tolerance` below. */
function straddles(d0: number, d1: number, d2: number, tolerance: number): boolean {
  const above = d0 > tolerance || d1 > tolerance || d2 > tolerance;
  const below = d0 < -tolerance || d1 < -tolerance || d2 < -tolerance;
  return above && below;
}

let low = 0;
let high = 0;

/**
 * The interval a straddling triangle cuts from the common line: its corners' positions along the
 * line are `t0..t2` and their distances to the other plane `d0..d2`; the cut points are where an edge
 * crosses the plane, or a corner within the tolerance of it. Sets `low` and `high`.
 */
function interval(t0: number, t1: number, t2: number, d0: number, d1: number, d2: number, tolerance: number) {
  low = Infinity;
  high = -Infinity;
  const s0 = d0 > tolerance ? 1 : d0 < -tolerance ? -1 : 0;
  const s1 = d1 > tolerance ? 1 : d1 < -tolerance ? -1 : 0;
  const s2 = d2 > tolerance ? 1 : d2 < -tolerance ? -1 : 0;
  const add = (t: number) => {
    if (t < low) low = t;
    if (t > high) high = t;
  };
  if (s0 === 0) add(t0);
  if (s1 === 0) add(t1);
  if (s2 === 0) add(t2);
  if (s0 * s1 < 0) add(t0 + ((t1 - t0) * d0) / (d0 - d1));
  if (s1 * s2 < 0) add(t1 + ((t2 - t1) * d1) / (d1 - d2));
  if (s2 * s0 < 0) add(t2 + ((t0 - t2) * d2) / (d2 - d0));
}
