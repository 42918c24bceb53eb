import type { Random } from '@/lib/random';

import { boxSdf, capsuleSdf, polygonize, sphereSdf, type Sdf } from '../sdf';
import { placeOnBed } from '../solid';
import type { Family } from './family';

/** A cylinder along the Y axis through (cx, ·, cz) from y0 to y1. */
const cylinderY =
  (cx: number, cz: number, r: number, y0: number, y1: number): Sdf =>
  (x, y, z) => {
    const dr = Math.hypot(x - cx, z - cz) - r;
    const dy = Math.max(y0 - y, y - y1);
    return Math.min(Math.max(dr, dy), 0) + Math.hypot(Math.max(dr, 0), Math.max(dy, 0));
  };

/** A cylinder along the X axis through (·, cy, cz) from x0 to x1. */
const cylinderX =
  (cy: number, cz: number, r: number, x0: number, x1: number): Sdf =>
  (x, y, z) => {
    const dr = Math.hypot(y - cy, z - cz) - r;
    const dx = Math.max(x0 - x, x - x1);
    return Math.min(Math.max(dr, dx), 0) + Math.hypot(Math.max(dr, 0), Math.max(dx, 0));
  };

/**
 * A blocky toy robot facing -y: legs or tracks, a boxy body with a chest panel, arms, a head with eyes,
 * ears or an antenna, as one rounded implicit surface.
 */
export const robot: Family = {
  name: 'robot',
  words: ['robot', 'robots', 'droid', 'android', 'bot', 'mech', 'automaton', 'cyborg', 'mecha'],
  categories: ['robot', 'robotics', 'model-robots'],
  build(random: Random) {
    const u = 8 + random.next() * 6;
    const tracks = random.chance(0.3);
    const legH = tracks ? 2.2 * u : u * (2 + random.next() * 2);
    const bodyW = u * (3 + random.next() * 1.6);
    const bodyD = u * (2 + random.next() * 0.8);
    const bodyH = u * (3 + random.next() * 1.5);
    const headW = u * (2 + random.next() * 1.4);
    const headH = u * (1.6 + random.next() * 1);
    const round = u * (0.15 + random.next() * 0.3);
    const bodyZ = legH + bodyH / 2;
    const neck = u * 0.5;
    const headZ = legH + bodyH + neck + headH / 2;
    const solid: Sdf[] = [boxSdf(0, 0, bodyZ, bodyW / 2, bodyD / 2, bodyH / 2, round)];
    if (tracks) {
      for (const side of [-1, 1])
        solid.push(
          boxSdf(side * bodyW * 0.32, 0, legH / 2, bodyW * 0.16, bodyD * 0.75, legH / 2, legH * 0.45),
        );
    } else {
      const legX = bodyW * (0.2 + random.next() * 0.08);
      const legR = u * (0.45 + random.next() * 0.25);
      for (const side of [-1, 1]) {
        solid.push(boxSdf(side * legX, 0, legH / 2 + u * 0.3, legR, legR, legH / 2, legR * 0.5));
        solid.push(boxSdf(side * legX, -u * 0.25, u * 0.35, legR * 1.4, legR * 1.8, u * 0.35, u * 0.15));
      }
    }
    solid.push(boxSdf(0, 0, legH + bodyH + neck / 2 + 0.5, u * 0.45, u * 0.45, neck / 2 + 1, u * 0.1));
    solid.push(boxSdf(0, 0, headZ, headW / 2, bodyD * 0.42, headH / 2, round));
    // Arms: capsules from the shoulders, hanging or raised, ending in round hands.
    const armR = u * (0.32 + random.next() * 0.15);
    const shoulderZ = legH + bodyH * 0.82;
    for (const side of [-1, 1]) {
      const lift = random.next();
      const sx = side * (bodyW / 2 + armR * 0.6);
      const hand: [number, number, number] = [
        side * (bodyW / 2 + armR + lift * u * 1.4),
        -lift * u * 1.2,
        shoulderZ - bodyH * (0.75 - lift * 0.9),
      ];
      solid.push(capsuleSdf([sx, 0, shoulderZ], hand, armR));
      solid.push(sphereSdf(hand[0], hand[1], hand[2], armR * 1.45));
    }
    const antenna = random.chance(0.6);
    const topZ = headZ + headH / 2;
    if (antenna) {
      solid.push(capsuleSdf([0, 0, topZ], [0, 0, topZ + u * 1.1], u * 0.12));
      solid.push(sphereSdf(0, 0, topZ + u * 1.2, u * 0.3));
    }
    const ears = random.chance(0.6);
    if (ears) solid.push(cylinderX(0, headZ, u * 0.45, -headW / 2 - u * 0.35, headW / 2 + u * 0.35));
    // Carvings: eyes, a chest panel.
    const eyeR = u * (0.28 + random.next() * 0.18);
    const eyeX = headW * (0.2 + random.next() * 0.08);
    const front = -bodyD * 0.42;
    const visor = random.chance(0.35);
    const holes: Sdf[] = visor
      ? [boxSdf(0, front, headZ + headH * 0.08, headW * 0.36, u * 0.25, eyeR, eyeR * 0.6)]
      : [
          sphereSdf(-eyeX, front - eyeR * 0.3, headZ + headH * 0.1, eyeR),
          sphereSdf(eyeX, front - eyeR * 0.3, headZ + headH * 0.1, eyeR),
        ];
    holes.push(boxSdf(0, -bodyD / 2, bodyZ + bodyH * 0.05, bodyW * 0.3, u * 0.2, bodyH * 0.25, u * 0.1));
    const buttons = [
      sphereSdf(-bodyW * 0.12, -bodyD / 2 + u * 0.05, bodyZ, u * 0.28),
      sphereSdf(bodyW * 0.12, -bodyD / 2 + u * 0.05, bodyZ, u * 0.28),
    ];
    const top = antenna ? topZ + u * 1.6 : topZ + u * 0.2;
    const sdf: Sdf = (x, y, z) => {
      let d = Infinity;
      for (const part of solid) d = Math.min(d, part(x, y, z));
      if (d < u) for (const hole of holes) d = Math.max(d, -hole(x, y, z));
      for (const b of buttons) d = Math.min(d, b(x, y, z));
      return d;
    };
    const reach = bodyW / 2 + u * 3.2;
    const cell = top / (40 + random.int(0, 6));
    return placeOnBed(polygonize(sdf, [-reach, -bodyD, 0], [reach, bodyD, top], cell));
  },
};

export { cylinderX, cylinderY };
