/**
 * Closed shells from profiles and sections: the building blocks of the procedural families. Every
 * function returns a closed, outward-facing shell in millimetres.
 */
import { MeshBuilder, type Solid, type Vec3 } from './solid';

export type Point2 = readonly [number, number];

const tau = Math.PI * 2;

/**
 * Turns a profile about the Z axis. The profile is a list of (radius, z) points running counter-clockwise
 * around the cross-section (bottom outwards, up the outside, back in over the top). Either it starts and
 * ends on the axis (radius 0, the only points that may have radius 0: a solid of revolution such as a
 * vase or a chess piece), or it lies wholly off the axis and is closed implicitly (a ring, a torus).
 */
export function lathe(profile: readonly Point2[], segments: number): Solid {
  const builder = new MeshBuilder();
  const onAxis = profile[0]![0] === 0;
  if (onAxis && profile.at(-1)![0] !== 0)
    throw new RangeError('lathe: a profile that starts on the axis must end on it');
  // Each profile point: a pole (one vertex) or a ring of `segments` vertices.
  const rings = profile.map(([r, z], i) => {
    if (r === 0) {
      if (i !== 0 && i !== profile.length - 1)
        throw new RangeError('lathe: only the ends may lie on the axis');
      return [builder.vertex(0, 0, z)];
    }
    if (r < 0) throw new RangeError('lathe: a negative radius');
    return Array.from({ length: segments }, (_, j) =>
      builder.vertex(r * Math.cos((tau * j) / segments), r * Math.sin((tau * j) / segments), z),
    );
  });
  const spans = onAxis ? profile.length - 1 : profile.length;
  for (let i = 0; i < spans; i++) {
    const a = rings[i]!;
    const b = rings[(i + 1) % profile.length]!;
    for (let j = 0; j < segments; j++) {
      const k = (j + 1) % segments;
      if (a.length === 1) builder.triangle(a[0]!, b[k]!, b[j]!);
      else if (b.length === 1) builder.triangle(a[j]!, a[k]!, b[0]!);
      else builder.quad(a[j]!, a[k]!, b[k]!, b[j]!);
    }
  }
  return builder.build();
}

/** The polygon's signed area (positive when counter-clockwise). */
export function signedArea(polygon: readonly Point2[]): number {
  let area = 0;
  for (let i = 0; i < polygon.length; i++) {
    const [x0, y0] = polygon[i]!;
    const [x1, y1] = polygon[(i + 1) % polygon.length]!;
    area += x0 * y1 - x1 * y0;
  }
  return area / 2;
}

/** Triangles covering a simple polygon (ear clipping), as index triples into it, counter-clockwise. */
export function triangulate(polygon: readonly Point2[]): number[] {
  const ccw = signedArea(polygon) > 0;
  const left = polygon.map((_, i) => i);
  if (!ccw) left.reverse();
  const cross = (o: Point2, a: Point2, b: Point2) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const result: number[] = [];
  let guard = left.length * left.length + 10;
  while (left.length > 3 && guard-- > 0) {
    let clipped = false;
    for (let i = 0; i < left.length; i++) {
      const ia = left[(i + left.length - 1) % left.length]!;
      const ib = left[i]!;
      const ic = left[(i + 1) % left.length]!;
      const [a, b, c] = [polygon[ia]!, polygon[ib]!, polygon[ic]!];
      if (cross(a, b, c) <= 1e-12) continue;
      const inside = left.some((iv) => {
        if (iv === ia || iv === ib || iv === ic) return false;
        const p = polygon[iv]!;
        return cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0;
      });
      if (inside) continue;
      result.push(ia, ib, ic);
      left.splice(i, 1);
      clipped = true;
      break;
    }
    if (!clipped) throw new RangeError('triangulate: the polygon is not simple');
  }
  result.push(left[0]!, left[1]!, left[2]!);
  return result;
}

/** A prism: the simple polygon (either winding) from z0 up to z1. */
export function extrude(outline: readonly Point2[], z0: number, z1: number): Solid {
  const polygon = signedArea(outline) > 0 ? outline : [...outline].reverse();
  const builder = new MeshBuilder();
  const bottom = polygon.map(([x, y]) => builder.vertex(x, y, z0));
  const top = polygon.map(([x, y]) => builder.vertex(x, y, z1));
  const n = polygon.length;
  for (let i = 0; i < n; i++) builder.quad(bottom[i]!, bottom[(i + 1) % n]!, top[(i + 1) % n]!, top[i]!);
  const caps = triangulate(polygon);
  for (let i = 0; i < caps.length; i += 3) {
    builder.triangle(top[caps[i]!]!, top[caps[i + 1]!]!, top[caps[i + 2]!]!);
    builder.triangle(bottom[caps[i]!]!, bottom[caps[i + 2]!]!, bottom[caps[i + 1]!]!);
  }
  return builder.build();
}

/**
 * A skin through cross-sections of equal point count, each counter-clockwise seen from beyond the last
 * section (looking back along the path), closed at both ends by a fan from the section's centre
 * (so the end sections must be star-shaped about their centre).
 */
export function loft(sections: readonly (readonly Vec3[])[]): Solid {
  const builder = new MeshBuilder();
  const n = sections[0]!.length;
  const rings = sections.map((section) => {
    if (section.length !== n) throw new RangeError('loft: sections of different sizes');
    return section.map(([x, y, z]) => builder.vertex(x, y, z));
  });
  for (let i = 0; i + 1 < rings.length; i++)
    for (let j = 0; j < n; j++) {
      const k = (j + 1) % n;
      builder.quad(rings[i]![j]!, rings[i]![k]!, rings[i + 1]![k]!, rings[i + 1]![j]!);
    }
  const centre = (section: readonly Vec3[]) => {
    const c = [0, 0, 0];
    for (const p of section) for (let a = 0; a < 3; a++) c[a]! += p[a]! / section.length;
    return builder.vertex(c[0]!, c[1]!, c[2]!);
  };
  const first = centre(sections[0]!);
  const last = centre(sections.at(-1)!);
  for (let j = 0; j < n; j++) {
    const k = (j + 1) % n;
    builder.triangle(first, rings[0]![k]!, rings[0]![j]!);
    builder.triangle(rings.at(-1)![j]!, rings.at(-1)![k]!, last);
  }
  return builder.build();
}

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const crossV = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const unit = (a: Vec3): Vec3 => {
  const l = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};

/**
 * A tube of `sides` sides along `path` (rotation-minimising frames). `radius` may vary with the
 * position along the path (0..1). A closed path makes a ring (a torus knot); an open one is capped.
 */
export function tube(
  path: readonly Vec3[],
  radius: number | ((t: number) => number),
  sides: number,
  closed = false,
): Solid {
  const n = path.length;
  const tangent = (i: number): Vec3 => {
    const prev = closed ? path[(i + n - 1) % n]! : path[Math.max(0, i - 1)]!;
    const next = closed ? path[(i + 1) % n]! : path[Math.min(n - 1, i + 1)]!;
    return unit(sub(next, prev));
  };
  const tangents = path.map((_, i) => tangent(i));
  const t0 = tangents[0]!;
  const helper: Vec3 = Math.abs(t0[2]) < 0.9 ? [0, 0, 1] : [1, 0, 0];
  const normals: Vec3[] = [unit(crossV(crossV(t0, helper), t0))];
  for (let i = 1; i < n; i++) {
    const previous = normals[i - 1]!;
    const t = tangents[i]!;
    normals.push(
      unit(sub(previous, [t[0] * dot(previous, t), t[1] * dot(previous, t), t[2] * dot(previous, t)])),
    );
  }
  // A closed path's transported frame comes back twisted: spread the correction along the loop.
  let twist = 0;
  if (closed) {
    const last = normals[n - 1]!;
    const t = t0;
    const back = unit(sub(last, [t[0] * dot(last, t), t[1] * dot(last, t), t[2] * dot(last, t)]));
    twist = Math.atan2(dot(crossV(normals[0]!, back), t), dot(normals[0]!, back));
  }
  const radiusAt = typeof radius === 'number' ? () => radius : radius;
  const sections = path.map((centre, i) => {
    const t = tangents[i]!;
    const angle = closed ? (-twist * i) / n : 0;
    const n0 = normals[i]!;
    const b0 = crossV(t, n0);
    const normal: Vec3 = [
      n0[0] * Math.cos(angle) + b0[0] * Math.sin(angle),
      n0[1] * Math.cos(angle) + b0[1] * Math.sin(angle),
      n0[2] * Math.cos(angle) + b0[2] * Math.sin(angle),
    ];
    const binormal = crossV(t, normal);
    const r = radiusAt(closed ? i / n : i / (n - 1));
    return Array.from({ length: sides }, (_, j): Vec3 => {
      const a = (tau * j) / sides;
      const c = Math.cos(a) * r;
      const s = Math.sin(a) * r;
      return [
        centre[0] + normal[0] * c + binormal[0] * s,
        centre[1] + normal[1] * c + binormal[1] * s,
        centre[2] + normal[2] * c + binormal[2] * s,
      ];
    });
  });
  if (!closed) return loft(sections);
  const builder = new MeshBuilder();
  const rings = sections.map((section) => section.map(([x, y, z]) => builder.vertex(x, y, z)));
  for (let i = 0; i < n; i++)
    for (let j = 0; j < sides; j++) {
      const k = (j + 1) % sides;
      const a = rings[i]!;
      const b = rings[(i + 1) % n]!;
      builder.quad(a[j]!, a[k]!, b[k]!, b[j]!);
    }
  return builder.build();
}

/** A box from (x0, y0, z0) to (x1, y1, z1). */
export function box(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): Solid {
  return extrude(
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ],
    z0,
    z1,
  );
}

/** An upright cylinder of radius r from z0 to z1, centred on (x, y). */
export function cylinder(r: number, z0: number, z1: number, segments = 48, x = 0, y = 0): Solid {
  const solid = lathe(
    [
      [0, z0],
      [r, z0],
      [r, z1],
      [0, z1],
    ],
    segments,
  );
  if (x === 0 && y === 0) return solid;
  for (let i = 0; i < solid.positions.length; i += 3) {
    solid.positions[i]! += x;
    solid.positions[i + 1]! += y;
  }
  return solid;
}

/** A sphere of radius r centred at the origin (`rings` bands from pole to pole). */
export function sphere(r: number, rings = 24, segments = 48): Solid {
  const profile: Point2[] = [];
  for (let i = 0; i <= rings; i++) {
    const phi = (Math.PI * i) / rings;
    profile.push([i === 0 || i === rings ? 0 : r * Math.sin(phi), -r * Math.cos(phi)]);
  }
  return lathe(profile, segments);
}

/** A torus about the Z axis: ring radius `major`, tube radius `minor`. */
export function torus(major: number, minor: number, segments = 64, sides = 24): Solid {
  const profile: Point2[] = Array.from({ length: sides }, (_, i) => {
    const a = (tau * i) / sides;
    return [major + minor * Math.cos(a), minor * Math.sin(a)];
  });
  return lathe(profile, segments);
}
