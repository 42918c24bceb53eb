/**
 * Shared shapes of the household families (issue 28): smooth radius curves, hollow vessels, lathes whose
 * profile may vary with the angle, and signed distances of turned and extruded outlines.
 */
import { type Point2 } from '../primitives';
import type { Sdf } from '../sdf';
import { MeshBuilder, type Solid } from '../solid';

const tau = Math.PI * 2;

/** A radius along t in 0..1 through (t, radius) keys, blended by cosines (smooth, no overshoot). */
export function cosineCurve(keys: readonly Point2[]): (t: number) => number {
  return (t) => {
    let k = 0;
    while (k < keys.length - 2 && t > keys[k + 1]![0]) k++;
    const [t0, r0] = keys[k]!;
    const [t1, r1] = keys[k + 1]!;
    const u = Math.min(1, Math.max(0, (t - t0) / (t1 - t0 || 1)));
    return r0 + ((r1 - r0) * (1 - Math.cos(u * Math.PI))) / 2;
  };
}

/**
 * The profile of an open vessel (cup, bowl, bottle, pot): the outside from the axis at z = 0 up to
 * `height`, a rounded lip, the inside `wall` mm in, down to a floor `floor` mm thick. With `hole` > 0 the
 * floor has a hole of that radius (a drainage hole): the profile then lies wholly off the axis.
 */
export function vesselProfile(
  radiusAt: (t: number) => number,
  height: number,
  wall: number,
  floor: number,
  steps: number,
  hole = 0,
): Point2[] {
  const outer: Point2[] = hole > 0 ? [[hole, 0]] : [[0, 0]];
  for (let i = 0; i <= steps; i++) outer.push([radiusAt(i / steps), (height * i) / steps]);
  const top = radiusAt(1);
  const lip: Point2[] = [];
  for (let i = 1; i < 6; i++) {
    const a = (Math.PI * i) / 6;
    lip.push([top - wall / 2 + (wall / 2) * Math.cos(a), height + (wall / 2) * Math.sin(a)]);
  }
  const inner: Point2[] = [];
  for (let i = steps; i >= 0; i--) {
    const z = (height * i) / steps;
    if (z <= floor + 0.5) break;
    inner.push([radiusAt(i / steps) - wall, z]);
  }
  inner.push([radiusAt(floor / height) - wall, floor]);
  inner.push(hole > 0 ? [hole, floor] : [0, floor]);
  // The outside's first ring would sit on the outside's start point (t = 0 at z = 0): keep one of them.
  return [outer[0]!, ...outer.slice(1), ...lip, ...inner];
}

/**
 * A lathe whose profile may change with the angle: `warp(r, z, angle, index)` gives the point's (r, z) at
 * that angle (a rook's crenels, a crown's points, an apple's lobes). Profile rules as for `lathe`: it
 * starts and ends on the axis (the ends are not warped), or it lies wholly off the axis.
 */
export function warpedLathe(
  profile: readonly Point2[],
  segments: number,
  warp: (r: number, z: number, angle: number, index: number) => Point2,
): Solid {
  const builder = new MeshBuilder();
  const onAxis = profile[0]![0] === 0;
  const rings = profile.map(([r, z], i) => {
    if (onAxis && (i === 0 || i === profile.length - 1)) return [builder.vertex(0, 0, z)];
    return Array.from({ length: segments }, (_, j) => {
      const a = (tau * j) / segments;
      const [wr, wz] = warp(r, z, a, i);
      return builder.vertex(wr * Math.cos(a), wr * Math.sin(a), wz);
    });
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

/** Signed distance to a simple polygon in the plane (negative inside). */
export function polygonDistance(polygon: readonly Point2[]): (px: number, py: number) => number {
  const n = polygon.length;
  // Flat arrays: this runs for every sample of a grid, and tuple destructuring is slow there.
  const xs = Float64Array.from(polygon, ([x]) => x);
  const ys = Float64Array.from(polygon, ([, y]) => y);
  return (px, py) => {
    let d = Infinity;
    let sign = 1;
    for (let i = 0, j = n - 1; i < n; j = i, i++) {
      const xi = xs[i]!,
        yi = ys[i]!;
      const ex = xs[j]! - xi,
        ey = ys[j]! - yi;
      const wx = px - xi,
        wy = py - yi;
      const h = Math.min(1, Math.max(0, (wx * ex + wy * ey) / (ex * ex + ey * ey || 1)));
      const bx = wx - ex * h,
        by = wy - ey * h;
      d = Math.min(d, bx * bx + by * by);
      const c1 = py >= yi,
        c2 = py < ys[j]!,
        c3 = ex * wy > ey * wx;
      if ((c1 && c2 && c3) || (!c1 && !c2 && !c3)) sign = -sign;
    }
    return sign * Math.sqrt(d);
  };
}

/**
 * The solid turned from a lathe profile (see `lathe`), as a signed distance; beyond `margin` from the
 * profile's box only the (cheaper) distance to that box.
 */
export function turnedSdf(profile: readonly Point2[], margin = 2): Sdf {
  const outline = polygonDistance(profile);
  const [z0, z1] = profile.reduce(
    ([lo, hi], [, z]) => [Math.min(lo, z), Math.max(hi, z)],
    [Infinity, -Infinity],
  );
  const rMax = Math.max(...profile.map(([r]) => r));
  return (x, y, z) => {
    const r = Math.hypot(x, y);
    // Far from the profile's box, the distance to the box is enough (and much cheaper).
    const far = Math.max(r - rMax, z0 - z, z - z1);
    if (far > margin) return far;
    return outline(r, z);
  };
}

/** A 2D outline (signed distance in x, y) extruded from z0 to z1, as an exact signed distance. */
export function extrudedSdf(outline: (x: number, y: number) => number, z0: number, z1: number): Sdf {
  return (x, y, z) => {
    const d = outline(x, y);
    const h = Math.max(z0 - z, z - z1);
    return Math.min(Math.max(d, h), 0) + Math.hypot(Math.max(d, 0), Math.max(h, 0));
  };
}

/** A five- (or n-) pointed star's signed distance in the plane (Inigo Quilez's star). */
export function starDistance(
  radius: number,
  points: number,
  sharpness: number,
): (x: number, y: number) => number {
  const an = Math.PI / points;
  const en = Math.PI / sharpness;
  const acsX = Math.cos(an),
    acsY = Math.sin(an);
  const ecsX = Math.cos(en),
    ecsY = Math.sin(en);
  return (x0, y0) => {
    // Point up: measure the angle from +y.
    const angle = Math.atan2(x0, y0);
    const len = Math.hypot(x0, y0);
    const bn = (((angle % (2 * an)) + 2 * an) % (2 * an)) - an;
    let px = len * Math.cos(bn);
    let py = len * Math.abs(Math.sin(bn));
    px -= radius * acsX;
    py -= radius * acsY;
    const h = Math.min((radius * acsY) / ecsY, Math.max(0, -(px * ecsX + py * ecsY)));
    px += ecsX * h;
    py += ecsY * h;
    return Math.hypot(px, py) * Math.sign(px);
  };
}

/**
 * A flat piece with a relief on top (a coin, a badge, a pendant): a polar grid from the centre out to the
 * outline `edge(angle)` (a star-shaped outline), its top at `top(x, y)` (> 0), a flat bottom on z = 0.
 * Cheap and crisp where an SDF would need a fine grid.
 */
export function reliefPlate(
  edge: (angle: number) => number,
  top: (x: number, y: number) => number,
  rings: number,
  sectors: number,
): Solid {
  const builder = new MeshBuilder();
  const centreTop = builder.vertex(0, 0, top(0, 0));
  const grid: number[][] = [];
  for (let i = 1; i <= rings; i++) {
    const ring: number[] = [];
    for (let j = 0; j < sectors; j++) {
      const a = (tau * j) / sectors;
      const r = (edge(a) * i) / rings;
      const x = r * Math.cos(a),
        y = r * Math.sin(a);
      ring.push(builder.vertex(x, y, top(x, y)));
    }
    grid.push(ring);
  }
  const rim = grid.at(-1)!;
  const bottom = rim.map((v) => {
    const [x, y] = builder.position(v);
    return builder.vertex(x, y, 0);
  });
  const centreBottom = builder.vertex(0, 0, 0);
  for (let j = 0; j < sectors; j++) {
    const k = (j + 1) % sectors;
    builder.triangle(centreTop, grid[0]![j]!, grid[0]![k]!);
    for (let i = 0; i + 1 < rings; i++)
      builder.quad(grid[i]![j]!, grid[i + 1]![j]!, grid[i + 1]![k]!, grid[i]![k]!);
    builder.quad(rim[j]!, bottom[j]!, bottom[k]!, rim[k]!);
    builder.triangle(centreBottom, bottom[k]!, bottom[j]!);
  }
  return builder.build();
}

/** 1 inside an outline, 0 outside, with a linear ramp `soft` wide across its edge. */
export const coverage = (distance: number, soft: number) => Math.min(1, Math.max(0, 0.5 - distance / soft));
