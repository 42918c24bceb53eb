/**
 * Welding by distance: which corners of a triangle soup are one vertex. Two steps:
 * 1. Corners with the very same coordinates are one point (a hash table of their bits; most corners
 *    of a mesh are exact copies, so this step does most of the work, one table probe a corner).
 * 2. Each point, in the order they first appear, is compared with the vertices already made that lie
 *    in its cell of a grid `cellTolerances` tolerances wide, and in a neighbouring cell only when the
 *    point is within a tolerance of that side. The point joins every vertex within the tolerance
 *    (merging them when there are several), or else starts a new vertex at its own position.
 * A vertex's position never moves, so vertices start further apart than the tolerance and a cell
 * holds a bounded number of them whatever the file (no quadratic case), and the result depends only
 * on the corners and their order.
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
  const { pointOf, firstCorner, pointCount } = samePoints(positions);
  const { label, vertexCount } = weldPoints(positions, firstCorner, pointCount, min, tolerance);
  if (label) for (let c = 0; c < pointOf.length; c++) pointOf[c] = label[pointOf[c]!]!;
  return { corners: pointOf, vertexCount };
}

/**
 * Step 1: each corner's point number (corners with equal coordinates share one; -0 is 0), and the
 * first corner of each point. The table of points holds point numbers + 1 (4 bytes a slot: a table
 * that stays small keeps the processor's address translations cached) and doubles when half full;
 * the points' bits are kept in the order they appear.
 */
function samePoints(p: Float32Array) {
  const bits = new Int32Array(p.buffer, p.byteOffset, p.length);
  const cornerCount = p.length / 3;
  const pointOf = new Int32Array(cornerCount);
  let firstCorner = new Int32Array(Math.min(cornerCount, 1024));
  let keys = new Int32Array(firstCorner.length * 3);
  let slots = new Int32Array(nextPowerOfTwo(cornerCount / 3));
  let mask = slots.length - 1;
  let pointCount = 0;
  const grow = () => {
    slots = new Int32Array(slots.length * 2);
    mask = slots.length - 1;
    for (let v = 0; v < pointCount; v++) {
      let slot = hash3(keys[v * 3]!, keys[v * 3 + 1]!, keys[v * 3 + 2]!) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = v + 1;
    }
  };
  // Files list a vertex's faces close together, so a small table of recent points (in the processor's
  // cache, unlike the large one) answers most corners.
  const recent = new Int32Array(recentSlots * 4);
  for (let c = 0; c < cornerCount; c++) {
    // -0 and 0 are the same coordinate.
    const x = bits[c * 3]! === -0x80000000 ? 0 : bits[c * 3]!;
    const y = bits[c * 3 + 1]! === -0x80000000 ? 0 : bits[c * 3 + 1]!;
    const z = bits[c * 3 + 2]! === -0x80000000 ? 0 : bits[c * 3 + 2]!;
    const h = hash3(x, y, z);
    const r = ((h >>> 16) & (recentSlots - 1)) * 4;
    const known = recent[r + 3]!;
    if (known !== 0 && recent[r] === x && recent[r + 1] === y && recent[r + 2] === z) {
      pointOf[c] = known - 1;
      continue;
    }
    let slot = h & mask;
    for (;;) {
      const stored = slots[slot]!;
      if (stored === 0) {
        if (pointCount === firstCorner.length) {
          const grown = new Int32Array(Math.min(cornerCount, firstCorner.length * 2));
          grown.set(firstCorner);
          firstCorner = grown;
          const grownKeys = new Int32Array(grown.length * 3);
          grownKeys.set(keys);
          keys = grownKeys;
        }
        keys[pointCount * 3] = x;
        keys[pointCount * 3 + 1] = y;
        keys[pointCount * 3 + 2] = z;
        slots[slot] = pointCount + 1;
        firstCorner[pointCount] = c;
        pointOf[c] = pointCount++;
        if (pointCount * 2 > slots.length) grow();
        break;
      }
      const v = (stored - 1) * 3;
      if (keys[v] === x && keys[v + 1] === y && keys[v + 2] === z) {
        pointOf[c] = stored - 1;
        break;
      }
      slot = (slot + 1) & mask;
    }
    recent[r] = x;
    recent[r + 1] = y;
    recent[r + 2] = z;
    recent[r + 3] = pointOf[c]! + 1;
  }
  return { pointOf, firstCorner, pointCount };
}

/**
 * Step 2: merges points closer than `tolerance`. Returns each point's vertex number, or no label when
 * every point is a vertex of its own (then the point numbers are the vertex numbers).
 */
function weldPoints(
  p: Float32Array,
  firstCorner: Int32Array,
  pointCount: number,
  min: readonly [number, number, number],
  tolerance: number,
): { label: Int32Array | null; vertexCount: number } {
  const scale = 1 / (tolerance * cellTolerances);
  // A little more than a tolerance, so that rounding never skips a neighbour that should be looked at.
  const reach = (1 / cellTolerances) * 1.0001;
  const toleranceSquared = tolerance * tolerance;
  const mask = nextPowerOfTwo(pointCount * 2) - 1;
  // Cell x, y, z and the cell's latest vertex (point number + 1); `next` chains a cell's vertices.
  const cells = new Int32Array((mask + 1) * 4);
  const next = new Int32Array(pointCount);
  // Union–find over the points: a point that started a vertex is its own parent.
  const parent = new Int32Array(pointCount);
  const near: Near = { p, firstCorner, next, parent, toleranceSquared };
  let merged = false;
  for (let point = 0; point < pointCount; point++) {
    const corner = firstCorner[point]! * 3;
    const px = p[corner]!,
      py = p[corner + 1]!,
      pz = p[corner + 2]!;
    const gx = (px - min[0]) * scale,
      gy = (py - min[1]) * scale,
      gz = (pz - min[2]) * scale;
    const cx = Math.floor(gx),
      cy = Math.floor(gy),
      cz = Math.floor(gz);
    const own = cellSlot(cells, mask, cx, cy, cz);
    let joined = join(near, cells[own + 3]! - 1, -1, point, px, py, pz);
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
            const at = cellSlot(cells, mask, cx + ix, cy + iy, cz + iz);
            joined = join(near, cells[at + 3]! - 1, joined, point, px, py, pz);
          }
    if (joined !== -1) {
      merged = true;
      continue;
    }
    parent[point] = point;
    // The neighbours were only read: the slot found for the point's own cell is still the right one.
    next[point] = cells[own + 3]! - 1;
    cells[own] = cx;
    cells[own + 1] = cy;
    cells[own + 2] = cz;
    cells[own + 3] = point + 1;
  }
  if (!merged) return { label: null, vertexCount: pointCount };
  // Vertices numbered by first appearance: a group's root is its first point, whose first corner is
  // the group's first.
  const label = next;
  const vertexOf = new Int32Array(pointCount).fill(-1);
  let vertexCount = 0;
  for (let v = 0; v < pointCount; v++) {
    const r = root(parent, v);
    if (vertexOf[r] === -1) vertexOf[r] = vertexCount++;
    label[v] = vertexOf[r]!;
  }
  return { label, vertexCount };
}

interface Near {
  p: Float32Array;
  firstCorner: Int32Array;
  next: Int32Array;
  parent: Int32Array;
  toleranceSquared: number;
}

/** Where cell (cx, cy, cz) is in the table, or the empty slot where it would go. */
function cellSlot(cells: Int32Array, mask: number, cx: number, cy: number, cz: number): number {
  const wrap = mask * 4 + 3;
  let at = (hash3(cx, cy, cz) & mask) * 4;
  while (cells[at + 3] !== 0 && (cells[at] !== cx || cells[at + 1] !== cy || cells[at + 2] !== cz))
    at = (at + 4) & wrap;
  return at;
}

/**
 * Joins `point` to every vertex of the cell list starting at `head` within the tolerance. `joined`
 * is the vertex it has joined so far (-1: none); groups are merged towards their first point.
 */
function join(
  near: Near,
  head: number,
  joined: number,
  point: number,
  px: number,
  py: number,
  pz: number,
): number {
  const { p, firstCorner, next, parent } = near;
  for (let v = head; v !== -1; v = next[v]!) {
    const corner = firstCorner[v]! * 3;
    const dx = p[corner]! - px,
      dy = p[corner + 1]! - py,
      dz = p[corner + 2]! - pz;
    if (dx * dx + dy * dy + dz * dz > near.toleranceSquared) continue;
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
