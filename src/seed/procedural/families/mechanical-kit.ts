/**
 * Shared shape helpers of the mechanical families (issue 28): outlines (circles, rounded rectangles,
 * involute gears), prisms with holes (earcut), and stacks of equal-sized rings (a lathe whose rings need
 * not be circles: hex heads, fluted handles, gears with a bore).
 */
import { Earcut } from 'three/src/extras/Earcut.js';

import { signedArea, type Point2 } from '../primitives';
import { checkSolid, MeshBuilder, type Solid, type Vec3 } from '../solid';

const tau = Math.PI * 2;

export function circle(r: number, segments: number, cx = 0, cy = 0, start = 0): Point2[] {
  return Array.from({ length: segments }, (_, i) => {
    const a = start + (tau * i) / segments;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  });
}

/** A counter-clockwise rectangle of w × h centred on (cx, cy) with corners rounded by r (r > 0). */
export function roundedRect(w: number, h: number, r: number, cornerSegments = 6, cx = 0, cy = 0): Point2[] {
  const rr = Math.min(r, w / 2 - 0.01, h / 2 - 0.01);
  const corners: [number, number, number][] = [
    [w / 2 - rr, -h / 2 + rr, -Math.PI / 2],
    [w / 2 - rr, h / 2 - rr, 0],
    [-w / 2 + rr, h / 2 - rr, Math.PI / 2],
    [-w / 2 + rr, -h / 2 + rr, Math.PI],
  ];
  const points: Point2[] = [];
  for (const [x, y, a0] of corners)
    for (let i = 0; i <= cornerSegments; i++) {
      const a = a0 + (Math.PI / 2) * (i / cornerSegments);
      points.push([cx + x + rr * Math.cos(a), cy + y + rr * Math.sin(a)]);
    }
  return points;
}

const ccw = (loop: readonly Point2[]) => (signedArea(loop) > 0 ? [...loop] : [...loop].reverse());
const cw = (loop: readonly Point2[]) => (signedArea(loop) < 0 ? [...loop] : [...loop].reverse());

/** Triangles of a polygon with holes (earcut), as index triples into outline ++ holes, counter-clockwise. */
function triangulateWithHoles(outline: readonly Point2[], holes: readonly (readonly Point2[])[]): number[] {
  const data: number[] = [];
  const holeStarts: number[] = [];
  for (const [x, y] of outline) data.push(x, y);
  for (const hole of holes) {
    holeStarts.push(data.length / 2);
    for (const [x, y] of hole) data.push(x, y);
  }
  const triangles = Earcut.triangulate(data, holeStarts, 2);
  const at = (i: number): Point2 => [data[i * 2]!, data[i * 2 + 1]!];
  // Earcut winds all its triangles one way: turn them all counter-clockwise together (a sliver's own
  // sign is not to be trusted).
  let total = 0;
  for (let i = 0; i < triangles.length; i += 3)
    total += signedArea([at(triangles[i]!), at(triangles[i + 1]!), at(triangles[i + 2]!)]);
  const result: number[] = [];
  for (let i = 0; i < triangles.length; i += 3) {
    const [a, b, c] = [triangles[i]!, triangles[i + 1]!, triangles[i + 2]!];
    result.push(...(total >= 0 ? [a, b, c] : [a, c, b]));
  }
  splitFlatTriangles(result, at);
  return result;
}

/**
 * Earcut may leave a flat triangle whose three corners lie on one line (collinear outline points). Such
 * a triangle (a, b, c) with c on its long edge a–b is removed by splitting the neighbour across a–b at c.
 */
function splitFlatTriangles(triangles: number[], at: (i: number) => Point2) {
  for (let pass = 0; pass < 4; pass++) {
    let changed = false;
    for (let i = 0; i < triangles.length; i += 3) {
      const corners = [triangles[i]!, triangles[i + 1]!, triangles[i + 2]!];
      const [p, q, r] = corners.map(at) as [Point2, Point2, Point2];
      const doubled = Math.abs((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
      const lengths = [0, 1, 2].map((k) => {
        const u = at(corners[k]!);
        const v = at(corners[(k + 1) % 3]!);
        return Math.hypot(v[0] - u[0], v[1] - u[1]);
      });
      const longest = Math.max(...lengths);
      if (doubled > 1e-7 * Math.max(1, longest)) continue;
      const k = lengths.indexOf(longest);
      const a = corners[k]!;
      const b = corners[(k + 1) % 3]!;
      const c = corners[(k + 2) % 3]!;
      // The neighbour holds the edge b→a.
      for (let j = 0; j < triangles.length; j += 3) {
        if (j === i) continue;
        const other = [triangles[j]!, triangles[j + 1]!, triangles[j + 2]!];
        const m = [0, 1, 2].find((e) => other[e] === b && other[(e + 1) % 3] === a);
        if (m === undefined) continue;
        const d = other[(m + 2) % 3]!;
        triangles.splice(j, 3, b, c, d);
        triangles.splice(i, 3, c, a, d);
        changed = true;
        break;
      }
    }
    if (!changed) return;
  }
}

/** A prism from z0 to z1 of the outline with holes through it (holes must lie inside and apart). */
export function extrudeWithHoles(
  outline: readonly Point2[],
  holes: readonly (readonly Point2[])[],
  z0: number,
  z1: number,
): Solid {
  const outer = ccw(outline);
  const inner = holes.map(cw);
  const loops = [outer, ...inner];
  const builder = new MeshBuilder();
  const flat = loops.flat();
  const bottom = flat.map(([x, y]) => builder.vertex(x, y, z0));
  const top = flat.map(([x, y]) => builder.vertex(x, y, z1));
  let start = 0;
  for (const loop of loops) {
    const n = loop.length;
    for (let i = 0; i < n; i++) {
      const a = start + i;
      const b = start + ((i + 1) % n);
      builder.quad(bottom[a]!, bottom[b]!, top[b]!, top[a]!);
    }
    start += n;
  }
  const caps = triangulateWithHoles(outer, inner);
  for (let i = 0; i < caps.length; i += 3) {
    const [a, b, c] = [caps[i]!, caps[i + 1]!, caps[i + 2]!];
    builder.triangle(top[a]!, top[b]!, top[c]!);
    builder.triangle(bottom[a]!, bottom[c]!, bottom[b]!);
  }
  return builder.build();
}

/**
 * A shell through rings of equal size, like a lathe whose rings may have any star shape: each ring is
 * counter-clockwise seen from +z, and the rings run around the cross-section as a lathe profile does
 * (bottom outwards, up the outside, in over the top). Open: the first and last rings are closed by a
 * fan from their centres (a solid without a hole). Closed: the last ring joins the first (a hole
 * through, as in a nut or a gear).
 */
export function ringStack(rings: readonly (readonly Vec3[])[], closed: boolean): Solid {
  const builder = new MeshBuilder();
  const n = rings[0]!.length;
  const ids = rings.map((ring) => ring.map(([x, y, z]) => builder.vertex(x, y, z)));
  const spans = closed ? ids.length : ids.length - 1;
  for (let i = 0; i < spans; i++) {
    const a = ids[i]!;
    const b = ids[(i + 1) % ids.length]!;
    for (let j = 0; j < n; j++) {
      const k = (j + 1) % n;
      builder.quad(a[j]!, a[k]!, b[k]!, b[j]!);
    }
  }
  if (!closed) {
    const centre = (ring: readonly Vec3[]) => {
      const c = [0, 0, 0];
      for (const p of ring) for (let a = 0; a < 3; a++) c[a]! += p[a]! / ring.length;
      return builder.vertex(c[0]!, c[1]!, c[2]!);
    };
    const first = centre(rings[0]!);
    const last = centre(rings.at(-1)!);
    const a = ids[0]!;
    const b = ids.at(-1)!;
    for (let j = 0; j < n; j++) {
      const k = (j + 1) % n;
      builder.triangle(first, a[k]!, a[j]!);
      builder.triangle(b[j]!, b[k]!, last);
    }
  }
  return builder.build();
}

/** A ring at height z whose radius at angle a is `radius(a)`, sampled at the given angles. */
export function polarRing(angles: readonly number[], radius: (a: number) => number, z: number): Vec3[] {
  return angles.map((a) => {
    const r = radius(a);
    return [r * Math.cos(a), r * Math.sin(a), z];
  });
}

export const evenAngles = (n: number, start = 0) =>
  Array.from({ length: n }, (_, i) => start + (tau * i) / n);

/** The solid with its triangles turned over when it encloses a negative volume. */
export function outwards(solid: Solid): Solid {
  if (checkSolid(solid).volume >= 0) return solid;
  const triangles = Uint32Array.from(solid.triangles);
  for (let i = 0; i < triangles.length; i += 3) {
    const b = triangles[i + 1]!;
    triangles[i + 1] = triangles[i + 2]!;
    triangles[i + 2] = b;
  }
  return { positions: solid.positions, triangles };
}

/** Radius at angle a of a regular polygon of `sides` with inradius `apothem` (a corner at angle `start`). */
export const polygonRadius =
  (sides: number, apothem: number, start = 0) =>
  (a: number) => {
    const step = tau / sides;
    const local = ((((a - start) % step) + step) % step) - step / 2;
    return apothem / Math.cos(local);
  };

export interface GearSpec {
  teeth: number;
  module: number;
  /** Pressure angle in radians (20° usual). */
  pressure?: number;
  /** Points per involute flank. */
  flankPoints?: number;
}

/**
 * An involute spur gear's outline, counter-clockwise, with each point's polar angle (strictly rising,
 * so rings of other shapes can be sampled at the same angles). The root runs a little wide of the radial
 * line below the base circle, like a fillet.
 */
export function gearOutline(spec: GearSpec): {
  points: Point2[];
  angles: number[];
  tip: number;
  root: number;
} {
  const { teeth, module: m } = spec;
  const alpha = spec.pressure ?? (20 * Math.PI) / 180;
  const flank = spec.flankPoints ?? 6;
  const pitch = (m * teeth) / 2;
  const base = pitch * Math.cos(alpha);
  const tip = pitch + m;
  const root = pitch - 1.25 * m;
  const inv = (a: number) => Math.tan(a) - a;
  const halfAtPitch = Math.PI / (2 * teeth) - 0.02 / teeth;
  const half = (r: number) => halfAtPitch + inv(alpha) - inv(Math.acos(Math.min(1, base / r)));
  const step = tau / teeth;
  const flankStart = Math.max(root, base);
  const tipHalf = Math.max(half(tip), step * 0.04);
  const gapHalf = step / 2 - half(flankStart);
  const polar: [number, number][] = [];
  for (let t = 0; t < teeth; t++) {
    const c = t * step;
    // The root arc before this tooth, then up its right flank, over the tip, down the left flank.
    const rootWiden = root < base ? gapHalf * 0.25 : 0;
    const rootPoints = 4;
    for (let i = 0; i < rootPoints; i++) {
      const from = c - step / 2;
      const to = c - half(flankStart) - rootWiden;
      polar.push([from + ((to - from) * i) / rootPoints, root]);
    }
    if (root < base) polar.push([c - half(flankStart) - rootWiden, root]);
    for (let i = 0; i <= flank; i++) {
      const r = flankStart + ((tip - flankStart) * i) / flank;
      polar.push([c - Math.max(half(r), tipHalf), r]);
    }
    polar.push([c, tip]);
    for (let i = flank; i >= 0; i--) {
      const r = flankStart + ((tip - flankStart) * i) / flank;
      polar.push([c + Math.max(half(r), tipHalf), r]);
    }
    if (root < base) polar.push([c + half(flankStart) + rootWiden, root]);
  }
  // Start at the first root point's angle (negative) and keep the angles rising.
  const angles = polar.map(([a]) => a);
  const points = polar.map(([a, r]): Point2 => [r * Math.cos(a), r * Math.sin(a)]);
  return { points, angles, tip, root };
}

/** The outline moved inwards by `inset` (mitred corners; fine while inset is small against its features). */
export function insetOutline(outline: readonly Point2[], inset: number): Point2[] {
  const loop = ccw(outline);
  const n = loop.length;
  return loop.map((p, i) => {
    const prev = loop[(i + n - 1) % n]!;
    const next = loop[(i + 1) % n]!;
    const e1 = [p[0] - prev[0], p[1] - prev[1]];
    const e2 = [next[0] - p[0], next[1] - p[1]];
    const l1 = Math.hypot(e1[0]!, e1[1]!) || 1;
    const l2 = Math.hypot(e2[0]!, e2[1]!) || 1;
    // Outward normals of a counter-clockwise loop.
    const n1 = [e1[1]! / l1, -e1[0]! / l1];
    const n2 = [e2[1]! / l2, -e2[0]! / l2];
    const k = Math.max(0.35, 1 + n1[0]! * n2[0]! + n1[1]! * n2[1]!);
    return [p[0] - (inset * (n1[0]! + n2[0]!)) / k, p[1] - (inset * (n1[1]! + n2[1]!)) / k];
  });
}

/** A prism of a simple outline from z0 to z1 with its top (and bottom, if `bottomChamfer`) edges chamfered. */
export function chamferedExtrude(
  outline: readonly Point2[],
  z0: number,
  z1: number,
  chamfer: number,
  bottomChamfer = 0,
): Solid {
  const base = ccw(outline);
  const layers: [Point2[], number][] = [];
  if (bottomChamfer > 0) layers.push([insetOutline(base, bottomChamfer), z0], [base, z0 + bottomChamfer]);
  else layers.push([base, z0]);
  layers.push([base, z1 - chamfer], [insetOutline(base, chamfer), z1]);
  const builder = new MeshBuilder();
  const ids = layers.map(([loop, z]) => loop.map(([x, y]) => builder.vertex(x, y, z)));
  const n = base.length;
  for (let l = 0; l + 1 < ids.length; l++)
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      builder.quad(ids[l]![i]!, ids[l]![j]!, ids[l + 1]![j]!, ids[l + 1]![i]!);
    }
  const bottom = triangulateWithHoles(layers[0]![0], []);
  const top = triangulateWithHoles(layers.at(-1)![0], []);
  for (let i = 0; i < bottom.length; i += 3)
    builder.triangle(ids[0]![bottom[i]!]!, ids[0]![bottom[i + 2]!]!, ids[0]![bottom[i + 1]!]!);
  const last = ids.at(-1)!;
  for (let i = 0; i < top.length; i += 3)
    builder.triangle(last[top[i]!]!, last[top[i + 1]!]!, last[top[i + 2]!]!);
  return builder.build();
}

/**
 * The polygon with every corner rounded by an arc of up to `radius` (less where the edges are short),
 * `segments` steps per arc.
 */
export function filletPolygon(polygon: readonly Point2[], radius: number, segments: number): Point2[] {
  const n = polygon.length;
  const out: Point2[] = [];
  for (let i = 0; i < n; i++) {
    const p = polygon[i]!;
    const prev = polygon[(i + n - 1) % n]!;
    const next = polygon[(i + 1) % n]!;
    const a = [prev[0] - p[0], prev[1] - p[1]];
    const b = [next[0] - p[0], next[1] - p[1]];
    const la = Math.hypot(a[0]!, a[1]!);
    const lb = Math.hypot(b[0]!, b[1]!);
    const ua = [a[0]! / la, a[1]! / la];
    const ub = [b[0]! / lb, b[1]! / lb];
    const cos = Math.max(-1, Math.min(1, ua[0]! * ub[0]! + ua[1]! * ub[1]!));
    const half = Math.acos(cos) / 2;
    if (half < 1e-3 || half > Math.PI / 2 - 1e-3) {
      out.push(p);
      continue;
    }
    // Distance from the corner to the tangent points, limited to 45% of each edge.
    const tangent = Math.min(radius / Math.tan(half), la * 0.45, lb * 0.45);
    const r = tangent * Math.tan(half);
    const start: Point2 = [p[0] + ua[0]! * tangent, p[1] + ua[1]! * tangent];
    const end: Point2 = [p[0] + ub[0]! * tangent, p[1] + ub[1]! * tangent];
    const bis = [ua[0]! + ub[0]!, ua[1]! + ub[1]!];
    const lbis = Math.hypot(bis[0]!, bis[1]!);
    const dc = r / Math.sin(half);
    const c: Point2 = [p[0] + (bis[0]! / lbis) * dc, p[1] + (bis[1]! / lbis) * dc];
    const a0 = Math.atan2(start[1] - c[1], start[0] - c[0]);
    let a1 = Math.atan2(end[1] - c[1], end[0] - c[0]);
    let sweep = a1 - a0;
    while (sweep > Math.PI) sweep -= Math.PI * 2;
    while (sweep < -Math.PI) sweep += Math.PI * 2;
    a1 = a0 + sweep;
    for (let s = 0; s <= segments; s++) {
      const t = a0 + ((a1 - a0) * s) / segments;
      out.push([c[0] + r * Math.cos(t), c[1] + r * Math.sin(t)]);
    }
  }
  return out;
}

/** A ring about the X axis at `x` (points in the y–z plane), radius `radius(a)` at angle a from +y. */
export function axialRing(x: number, angles: readonly number[], radius: (a: number) => number): Vec3[] {
  return angles.map((a) => {
    const r = radius(a);
    return [x, r * Math.cos(a), r * Math.sin(a)];
  });
}

/** A superellipse's radius at angle a: semi-axes ry (along a = 0) and rz, exponent p (2: ellipse, 1: diamond). */
export const superellipse =
  (ry: number, rz: number, p = 2) =>
  (a: number) =>
    (Math.abs(Math.cos(a) / ry) ** p + Math.abs(Math.sin(a) / rz) ** p) ** (-1 / p);

type PlateRing = { ids: number[]; points: Point2[] };

/**
 * Builds a solid of flat faces with holes and vertical walls between outline rings: each ring is an
 * outline (any winding) at a height; walls join two rings of the same outline; faces fill an outline
 * ring minus hole rings, facing up or down.
 */
export class PlateSolid {
  private readonly builder = new MeshBuilder();

  ring(outline: readonly Point2[], z: number): PlateRing {
    const points = ccw(outline);
    return { ids: points.map(([x, y]) => this.builder.vertex(x, y, z)), points };
  }

  /** A wall from `lower` up to `upper` (same outline), facing away from the outline's inside, or into it. */
  wall(lower: PlateRing, upper: PlateRing, facingInside = false): void {
    const n = lower.ids.length;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      if (facingInside) this.builder.quad(lower.ids[j]!, lower.ids[i]!, upper.ids[i]!, upper.ids[j]!);
      else this.builder.quad(lower.ids[i]!, lower.ids[j]!, upper.ids[j]!, upper.ids[i]!);
    }
  }

  /** The outline ring minus the hole rings (same height), facing up or down. */
  face(outline: PlateRing, holes: readonly PlateRing[], up: boolean): void {
    const tris = triangulateWithHoles(
      outline.points,
      holes.map((hole) => [...hole.points].reverse()),
    );
    const all = [...outline.ids, ...holes.flatMap((hole) => [...hole.ids].reverse())];
    for (let t = 0; t < tris.length; t += 3) {
      const [a, b, c] = [all[tris[t]!]!, all[tris[t + 1]!]!, all[tris[t + 2]!]!];
      if (up) this.builder.triangle(a, b, c);
      else this.builder.triangle(a, c, b);
    }
  }

  build(): Solid {
    return this.builder.build();
  }
}

/**
 * A plate with a raised border and a hole through its recessed floor, and optionally a raised motif on
 * the floor: the outline from 0 to `rimTop`, its floor (inside `inner`) at `floor`, the hole through,
 * the motif up to `motifTop`. `inner` must lie inside `outline`, the hole and motif inside `inner`, apart.
 */
export function recessedPlate(
  outline: readonly Point2[],
  inner: readonly Point2[],
  hole: readonly Point2[],
  motif: readonly Point2[] | null,
  floor: number,
  rimTop: number,
  motifTop: number,
): Solid {
  const plate = new PlateSolid();
  const o0 = plate.ring(outline, 0);
  const o1 = plate.ring(outline, rimTop);
  const i1 = plate.ring(inner, rimTop);
  const i0 = plate.ring(inner, floor);
  const h1 = plate.ring(hole, floor);
  const h0 = plate.ring(hole, 0);
  plate.wall(o0, o1);
  plate.wall(i0, i1, true);
  plate.wall(h0, h1, true);
  plate.face(o0, [h0], false);
  plate.face(o1, [i1], true);
  if (motif) {
    const m0 = plate.ring(motif, floor);
    const m1 = plate.ring(motif, motifTop);
    plate.wall(m0, m1);
    plate.face(m1, [], true);
    plate.face(i0, [h1, m0], true);
  } else plate.face(i0, [h1], true);
  return plate.build();
}

/**
 * Triangles of a flat face: `outline` and `holes` are vertex ids with their 2D coordinates in the face's
 * own (u, v) frame; the triangles come out counter-clockwise in (u, v), or turned over when `flip`.
 */
export function faceWithHoles(
  builder: MeshBuilder,
  outline: { ids: readonly number[]; points: readonly Point2[] },
  holes: readonly { ids: readonly number[]; points: readonly Point2[] }[],
  flip: boolean,
): void {
  const tris = triangulateWithHoles(
    outline.points,
    holes.map((hole) => hole.points),
  );
  const all = [...outline.ids, ...holes.flatMap((hole) => hole.ids)];
  for (let t = 0; t < tris.length; t += 3) {
    const [a, b, c] = [all[tris[t]!]!, all[tris[t + 1]!]!, all[tris[t + 2]!]!];
    if (flip) builder.triangle(a, c, b);
    else builder.triangle(a, b, c);
  }
}
