/**
 * Welding by distance: which corners of a triangle soup are one vertex, in one pass over the corners.
 * - Corners with the very same coordinates are one point. Most corners of a mesh are exact copies of
 *   a recent one, so a small table of recent points (in the processor's cache) answers most of them;
 *   the others look in their cell of a grid `cellTolerances` tolerances wide, which lists the cell's
 *   points (usually one).
 * - A new point, in the order points first appear, is compared with the vertices already made in its
 *   cell, and in a neighbouring cell only when the point is within a tolerance of that side. It joins
 *   every vertex within the tolerance (merging them when there are several), or else starts a new
 *   vertex at its own position.
 * A vertex's position never moves, so vertices start further apart than the tolerance and a cell
 * holds a bounded number of them whatever the file (no quadratic case), and the result depends only
 * on the corners and their order. One table, keyed by cell, serves both lookups: a table of points and
 * a second one of cells, each larger than the processor's caches, cost twice the misses.
 */

/** The grid cell's width in tolerances: wider cells mean fewer neighbours to look at, more vertices a cell. */
const cellTolerances = 16;

/** Entries of the table of recently seen points (16 bytes each: 256 kB). */
const recentSlots = 1 << 14;

const nextPowerOfTwo = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(n, 16)));

// The bits are regular (neighbouring floats, small grid coordinates): they are mixed (a MurmurHash3
// finish) so that probes stay short.
const hash3 = (x: number, y: number, z: number) => {
  let h = Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca77) ^ Math.imul(z, 0xc2b2ae3d);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
};

export interface Weld {
  /** Each corner's vertex number; vertices are numbered in the order their first corner appears. */
  corners: Int32Array;
  vertexCount: number;
}

/**
 * Each corner's vertex: corners closer than `tolerance` (in the file's unit) are one vertex.
 * `min` is the lower corner of the bounding box (grid coordinates are measured from it).
 */
export function weldCorners(
  positions: Float32Array,
  min: readonly [number, number, number],
  tolerance: number,
): Weld {
  const p = positions;
  const bits = new Int32Array(p.buffer, p.byteOffset, p.length);
  const cornerCount = p.length / 3;
  const pointOf = new Int32Array(cornerCount);
  const scale = 1 / (tolerance * cellTolerances);
  // A little more than a tolerance, so that rounding never skips a neighbour that should be looked at.
  const reach = (1 / cellTolerances) * 1.0001;
  const toleranceSquared = tolerance * tolerance;
  // Per point, grown as points appear: its first corner, the next point of its cell (-1: none), its
  // parent in a union–find over the points, and whether it started a vertex (a point that joined one
  // is looked up by its coordinates, never joined to: a vertex's position is its first point's).
  const points: Points = {
    firstCorner: new Int32Array(Math.min(cornerCount, 1024)),
    next: new Int32Array(Math.min(cornerCount, 1024)),
    parent: new Int32Array(Math.min(cornerCount, 1024)),
    startedVertex: new Uint8Array(Math.min(cornerCount, 1024)),
    count: 0,
  };
  // A cell's hash and its latest point + 1 (0: an empty slot), 8 bytes a slot (a small table misses the
  // processor's caches less); doubled when half full. Cells whose hashes are equal are told apart by
  // their latest point's coordinates.
  let cells: Int32Array = new Int32Array(nextPowerOfTwo(cornerCount / 3) * 2);
  const grid: Grid = { p, points, min, scale };
  let cellCount = 0;
  let merged = false;
  const recent = new Int32Array(recentSlots * 4);
  for (let c = 0; c < cornerCount; c++) {
    // -0 and 0 are the same coordinate.
    const x = bits[c * 3]! === -0x80000000 ? 0 : bits[c * 3]!;
    const y = bits[c * 3 + 1]! === -0x80000000 ? 0 : bits[c * 3 + 1]!;
    const z = bits[c * 3 + 2]! === -0x80000000 ? 0 : bits[c * 3 + 2]!;
    const r = ((hash3(x, y, z) >>> 16) & (recentSlots - 1)) * 4;
    const known = recent[r + 3]!;
    if (known !== 0 && recent[r] === x && recent[r + 1] === y && recent[r + 2] === z) {
      pointOf[c] = known - 1;
      continue;
    }
    const px = p[c * 3]!,
      py = p[c * 3 + 1]!,
      pz = p[c * 3 + 2]!;
    const gx = (px - min[0]) * scale,
      gy = (py - min[1]) * scale,
      gz = (pz - min[2]) * scale;
    const cx = Math.floor(gx),
      cy = Math.floor(gy),
      cz = Math.floor(gz);
    const cellHash = hash3(cx, cy, cz);
    const own = cellSlot(cells, cellHash, cx, cy, cz, grid);
    const head = cells[own + 1]! - 1;
    let point = sameCoordinates(points, bits, head, x, y, z);
    if (point === -1) {
      point = addPoint(points, c);
      const { next, parent } = points;
      let joined = join(points, p, toleranceSquared, head, -1, point, px, py, pz);
      // The neighbouring cells along each axis the point is near a side of: from 0 to 7 more cells.
      const fx = gx - cx,
        fy = gy - cy,
        fz = gz - cz;
      const lowX = fx < reach ? -1 : 0,
        highX = fx > 1 - reach ? 1 : 0;
      const lowY = fy < reach ? -1 : 0,
        highY = fy > 1 - reach ? 1 : 0;
      const lowZ = fz < reach ? -1 : 0,
        highZ = fz > 1 - reach ? 1 : 0;
      if (lowX | highX | lowY | highY | lowZ | highZ)
        for (let ix = lowX; ix <= highX; ix++)
          for (let iy = lowY; iy <= highY; iy++)
            for (let iz = lowZ; iz <= highZ; iz++) {
              if ((ix | iy | iz) === 0) continue;
              const nx = cx + ix,
                ny = cy + iy,
                nz = cz + iz;
              const at = cellSlot(cells, hash3(nx, ny, nz), nx, ny, nz, grid);
              joined = join(points, p, toleranceSquared, cells[at + 1]! - 1, joined, point, px, py, pz);
            }
      if (joined === -1) {
        parent[point] = point;
        points.startedVertex[point] = 1;
      } else merged = true;
      // The neighbours were only read: the slot found for the point's own cell is still the right one.
      next[point] = head;
      cells[own] = cellHash;
      cells[own + 1] = point + 1;
      if (head === -1 && ++cellCount * 2 > cells.length / 2) cells = rehashedCells(cells);
    }
    pointOf[c] = point;
    recent[r] = x;
    recent[r + 1] = y;
    recent[r + 2] = z;
    recent[r + 3] = point + 1;
  }
  if (!merged) return { corners: pointOf, vertexCount: points.count };
  // Vertices numbered by first appearance: a group's root is its first point, whose first corner is
  // the group's first.
  const { parent, count } = points;
  const vertexOf = new Int32Array(count).fill(-1);
  const label = points.next;
  let vertexCount = 0;
  for (let v = 0; v < count; v++) {
    const r = root(parent, v);
    if (vertexOf[r] === -1) vertexOf[r] = vertexCount++;
    label[v] = vertexOf[r]!;
  }
  for (let c = 0; c < cornerCount; c++) pointOf[c] = label[pointOf[c]!]!;
  return { corners: pointOf, vertexCount };
}

interface Points {
  firstCorner: Int32Array;
  next: Int32Array;
  parent: Int32Array;
  startedVertex: Uint8Array;
  count: number;
}

/** The point of the cell list from `head` with these coordinate bits, or -1. */
function sameCoordinates(points: Points, bits: Int32Array, head: number, x: number, y: number, z: number) {
  const { firstCorner, next } = points;
  for (let v = head; v !== -1; v = next[v]!) {
    const at = firstCorner[v]! * 3;
    if (sameBits(bits[at]!, x) && sameBits(bits[at + 1]!, y) && sameBits(bits[at + 2]!, z)) return v;
  }
  return -1;
}

/** Coordinate bits compared with -0 as 0. */
const sameBits = (stored: number, wanted: number) => (stored === -0x80000000 ? 0 : stored) === wanted;

/** Appends a point whose first corner is `corner`; returns its number. */
function addPoint(points: Points, corner: number): number {
  if (points.count === points.firstCorner.length) {
    const size = points.count * 2;
    const grow = <T extends Int32Array | Uint8Array>(from: T, grown: T) => {
      grown.set(from);
      return grown;
    };
    points.firstCorner = grow(points.firstCorner, new Int32Array(size));
    points.next = grow(points.next, new Int32Array(size));
    points.parent = grow(points.parent, new Int32Array(size));
    points.startedVertex = grow(points.startedVertex, new Uint8Array(size));
  }
  points.firstCorner[points.count] = corner;
  return points.count++;
}

interface Grid {
  p: Float32Array;
  points: Points;
  min: readonly [number, number, number];
  scale: number;
}

/** Where cell (cx, cy, cz), whose hash is `cellHash`, is in the table, or the empty slot where it would go. */
function cellSlot(cells: Int32Array, cellHash: number, cx: number, cy: number, cz: number, grid: Grid): number {
  const wrap = cells.length - 1;
  let at = (cellHash << 1) & wrap;
  while (cells[at + 1] !== 0 && (cells[at] !== cellHash || !inCell(grid, cells[at + 1]! - 1, cx, cy, cz)))
    at = (at + 2) & wrap;
  return at;
}

/** Whether a point lies in cell (cx, cy, cz): the grid coordinates it was filed under, computed again. */
function inCell(grid: Grid, point: number, cx: number, cy: number, cz: number): boolean {
  const { p, min, scale } = grid;
  const corner = grid.points.firstCorner[point]! * 3;
  return (
    Math.floor((p[corner]! - min[0]) * scale) === cx &&
    Math.floor((p[corner + 1]! - min[1]) * scale) === cy &&
    Math.floor((p[corner + 2]! - min[2]) * scale) === cz
  );
}

/** The table of cells, twice as large. */
function rehashedCells(cells: Int32Array): Int32Array {
  const grown = new Int32Array(cells.length * 2);
  const wrap = grown.length - 1;
  for (let at = 0; at < cells.length; at += 2) {
    if (cells[at + 1] === 0) continue;
    let slot = (cells[at]! << 1) & wrap;
    while (grown[slot + 1] !== 0) slot = (slot + 2) & wrap;
    grown[slot] = cells[at]!;
    grown[slot + 1] = cells[at + 1]!;
  }
  return grown;
}

/**
 * Joins `point` to every vertex of the cell list from `head` within the tolerance (points that joined
 * a vertex are skipped: a vertex's position is its first point's). `joined` is the vertex it has
 * joined so far (-1: none); groups are merged towards their first point.
 */
function join(
  points: Points,
  p: Float32Array,
  toleranceSquared: number,
  head: number,
  joined: number,
  point: number,
  px: number,
  py: number,
  pz: number,
): number {
  const { firstCorner, next, parent, startedVertex } = points;
  for (let v = head; v !== -1; v = next[v]!) {
    if (startedVertex[v] === 0) continue;
    const corner = firstCorner[v]! * 3;
    const dx = p[corner]! - px,
      dy = p[corner + 1]! - py,
      dz = p[corner + 2]! - pz;
    if (dx * dx + dy * dy + dz * dz > toleranceSquared) continue;
    if (joined === -1) joined = parent[point] = v;
    else {
      const a = root(parent, v);
      const b = root(parent, joined);
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  }
  return joined;
}

function root(parent: Int32Array, v: number): number {
  while (parent[v] !== v) v = parent[v] = parent[parent[v]!]!;
  return v;
}
