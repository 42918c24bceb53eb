import type { Random } from '@/lib/random';

import type { Point2 } from '../primitives';
import { merge, placeOnBed, rotate, translate, type Solid } from '../solid';
import type { Family } from './family';
import { chamferedExtrude, filletPolygon } from './mechanical-kit';

interface StandShape {
  /** Leaning angle of the back rest from the horizontal, radians. */
  angle: number;
  restLength: number;
  restThickness: number;
  base: number;
  depth: number;
  groove: number;
  lipHeight: number;
  lipThickness: number;
  /** The back rest sits on a solid wedge instead of standing free. */
  wedge: boolean;
}

/** The side profile (x: depth, y: height), counter-clockwise: base, lip, groove, leaning back rest. */
function standProfile(s: StandShape): Point2[] {
  const t = s.base;
  const dir: Point2 = [Math.cos(s.angle), Math.sin(s.angle)];
  const normal: Point2 = [Math.sin(s.angle), -Math.cos(s.angle)];
  const grooveBack = s.lipThickness + s.groove;
  const p0: Point2 = [grooveBack, t];
  const p1: Point2 = [p0[0] + dir[0] * s.restLength, p0[1] + dir[1] * s.restLength];
  const p2: Point2 = [p1[0] + normal[0] * s.restThickness, p1[1] + normal[1] * s.restThickness];
  const slide = (s.restThickness * Math.cos(s.angle)) / Math.sin(s.angle);
  const p3: Point2 = [
    p0[0] + normal[0] * s.restThickness + dir[0] * slide,
    p0[1] + normal[1] * s.restThickness + dir[1] * slide,
  ];
  const depth = Math.max(s.depth, (s.wedge ? p2[0] : p3[0]) + s.restThickness * 1.5);
  const back: Point2[] = s.wedge
    ? [[depth, t], [p2[0] + 0.01, t + (p2[1] - t) * 0.35], p2]
    : [[depth, t], p3, p2];
  return [
    [0, 0],
    [depth, 0],
    ...back,
    p1,
    p0,
    [s.lipThickness, t],
    [s.lipThickness, t + s.lipHeight],
    [0, t + s.lipHeight],
  ];
}

/** The profile extruded across `width`, standing on its base; the side edges chamfered. */
function standSolid(shape: StandShape, width: number, chamfer: number): Solid {
  const outline = filletPolygon(standProfile(shape), shape.base * 0.45, 12);
  const prism = chamferedExtrude(outline, 0, width, chamfer, chamfer);
  return rotate(prism, 'x', Math.PI / 2);
}

function randomStand(random: Random, scale: number): StandShape {
  return {
    angle: ((58 + random.next() * 20) * Math.PI) / 180,
    restLength: scale * (0.9 + random.next() * 0.6),
    restThickness: scale * (0.07 + random.next() * 0.05),
    base: scale * (0.06 + random.next() * 0.05),
    depth: scale * (0.6 + random.next() * 0.35),
    groove: scale * (0.12 + random.next() * 0.05),
    lipHeight: scale * (0.1 + random.next() * 0.12),
    lipThickness: scale * (0.06 + random.next() * 0.04),
    wedge: random.chance(0.45),
  };
}

/** A phone stand: a leaning back rest over a base with a lip and groove, extruded across its width. */
export const phoneStand: Family = {
  name: 'phone-stand',
  words: ['phone stand', 'phone holder', 'phone', 'smartphone', 'iphone', 'dock', 'cradle'],
  categories: ['mobile-phone', 'phone'],
  build(random: Random) {
    const scale = 60 + random.next() * 40;
    const shape = randomStand(random, scale);
    shape.groove = 10 + random.next() * 5;
    const width = 55 + random.next() * 35;
    return placeOnBed(standSolid(shape, width, 1 + random.next() * 1.5));
  },
};

/** A tablet stand: larger and more upright; one wide stand or a pair of narrow ones side by side. */
export const tabletStand: Family = {
  name: 'tablet-stand',
  words: ['tablet stand', 'tablet', 'ipad', 'kindle', 'ereader', 'easel', 'laptop'],
  categories: ['tablet', 'computer'],
  build(random: Random) {
    const scale = 100 + random.next() * 60;
    const shape = randomStand(random, scale);
    shape.groove = 12 + random.next() * 6;
    shape.restThickness = Math.max(shape.restThickness, 9);
    const chamfer = 1.5 + random.next() * 2;
    if (random.chance(0.5)) return placeOnBed(standSolid(shape, 110 + random.next() * 90, chamfer));
    const width = 18 + random.next() * 14;
    const one = standSolid(shape, width, chamfer);
    return placeOnBed(merge(one, translate(one, 0, width + 25 + random.next() * 40, 0)));
  },
};
