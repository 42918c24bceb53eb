import type { Random } from '@/lib/random';

import { placeOnBed, translate, type Solid, type Vec3 } from '../solid';
import type { Family } from './family';
import { gearOutline, polarRing, polygonRadius, ringStack } from './mechanical-kit';

export interface GearShape {
  teeth: number;
  module: number;
  thickness: number;
  bore: number;
  boreKind: 'round' | 'keyway' | 'flat' | 'hex';
  /** A raised hub on top: its radius and height above the face (0: none). */
  hub: { radius: number; height: number };
  /** A recessed web between rim and hub on both faces (0: a plain disc). */
  recess: number;
  /** Herringbone teeth: the helix angle in radians (0: straight). */
  herringbone: number;
}

/** A random gear of the given tooth count and module. */
export function randomGearShape(random: Random, teeth: number, module: number): GearShape {
  const pitch = (module * teeth) / 2;
  const thickness = module * (2.5 + random.next() * 4);
  const bore = Math.max(1.5, pitch * (0.12 + random.next() * 0.15));
  const hubbed = random.chance(0.6);
  const root = pitch - 1.25 * module;
  const hubRadius = Math.min(bore * (1.7 + random.next() * 0.6), root * 0.6);
  return {
    teeth,
    module,
    thickness,
    bore,
    boreKind: random.pick(['round', 'keyway', 'keyway', 'flat', 'hex'] as const),
    hub: hubbed
      ? { radius: hubRadius, height: thickness * (0.4 + random.next() * 0.8) }
      : { radius: 0, height: 0 },
    recess: teeth >= 24 && random.chance(0.55) ? thickness * (0.2 + random.next() * 0.12) : 0,
    herringbone: random.chance(0.25) ? 0.35 + random.next() * 0.25 : 0,
  };
}

function boreRadius(shape: GearShape): (a: number) => number {
  const r = shape.bore;
  switch (shape.boreKind) {
    case 'round':
      return () => r;
    case 'hex':
      return polygonRadius(6, r, Math.PI / 2);
    case 'flat': {
      const flat = r * 0.72;
      return (a) => {
        const c = Math.cos(a - Math.PI / 2);
        return c > 1e-6 ? Math.min(r, flat / c) : r;
      };
    }
    case 'keyway': {
      const half = r * 0.32;
      const top = r * 1.3;
      return (a) => {
        const s = Math.sin(a);
        const c = Math.abs(Math.cos(a));
        if (s <= 0) return r;
        const inKey = Math.min(top / s, c > 1e-9 ? half / c : Infinity);
        return Math.max(r, inKey);
      };
    }
  }
}

/** One gear as a closed ring stack: the tooth outline, optional web recess, hub and bore. */
export function gearSolid(shape: GearShape): Solid {
  const { points, angles, root } = gearOutline({ teeth: shape.teeth, module: shape.module });
  const outlineRadius = points.map(([x, y]) => Math.hypot(x, y));
  const bore = boreRadius(shape);
  const t = shape.thickness;
  const teethRing = (z: number, twist: number): Vec3[] =>
    angles.map((a, i) => {
      const r = outlineRadius[i]!;
      return [r * Math.cos(a + twist), r * Math.sin(a + twist), z];
    });
  const ring = (radius: number | ((a: number) => number), z: number) =>
    polarRing(angles, typeof radius === 'number' ? () => radius : radius, z);
  const hubR = shape.hub.radius > 0 ? shape.hub.radius : shape.bore * 1.8;
  const rimIn = root - shape.module * 1.2;
  const recess = shape.recess > 0 && rimIn > hubR + shape.module * 2 ? shape.recess : 0;

  const rings: Vec3[][] = [ring(bore, 0)];
  if (recess > 0) rings.push(ring(hubR, 0), ring(hubR, recess), ring(rimIn, recess), ring(rimIn, 0));
  const bands = shape.herringbone > 0 ? 8 : 1;
  for (let i = 0; i <= bands; i++) {
    const z = (t * i) / bands;
    const pitch = (shape.module * shape.teeth) / 2;
    const twist = (Math.tan(shape.herringbone) * (t / 2 - Math.abs(z - t / 2))) / pitch;
    rings.push(teethRing(z, twist));
  }
  if (recess > 0) rings.push(ring(rimIn, t), ring(rimIn, t - recess), ring(hubR, t - recess));
  const top = recess > 0 ? t - recess : t;
  if (shape.hub.radius > 0) {
    if (recess === 0) rings.push(ring(hubR, t));
    rings.push(ring(hubR, t + shape.hub.height), ring(bore, t + shape.hub.height));
  } else if (recess > 0) {
    rings.push(ring(hubR, t), ring(bore, t));
  } else rings.push(ring(bore, top));
  return ringStack(rings, true);
}

export const gearTipRadius = (shape: GearShape) => (shape.module * shape.teeth) / 2 + shape.module;

/** Places gears side by side along x with `gap` millimetres between their tips. */
export function layOut(shapes: readonly GearShape[], gap: number, lateral: (i: number) => number): Solid[] {
  const solids: Solid[] = [];
  let x = 0;
  shapes.forEach((shape, i) => {
    const r = gearTipRadius(shape);
    if (i > 0) x += r;
    solids.push(translate(gearSolid(shape), x, lateral(i), 0));
    x += r + gap;
  });
  return solids;
}

/** An involute spur gear (optionally herringbone) with a bore (round, keyed, flatted or hex), hub and web. */
export const spurGear: Family = {
  name: 'spur-gear',
  words: ['gear', 'cog', 'cogwheel', 'gearwheel', 'pinion', 'sprocket', 'spur'],
  categories: ['parts', 'replacement-parts', 'engineering', 'machine-tools'],
  build(random: Random) {
    const teeth = random.int(10, 48);
    const diameter = 30 + random.next() * 90;
    const gearModule = Math.max(0.8, diameter / (teeth + 2));
    return placeOnBed(gearSolid(randomGearShape(random, teeth, gearModule)));
  },
};
