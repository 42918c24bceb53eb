import type { Random } from '@/lib/random';

import { boxSdf, polygonize, type Sdf } from '../sdf';
import { placeOnBed } from '../solid';
import type { Family } from './family';

/** An L bracket with countersunk screw holes in both legs and an optional gusset, as a rounded SDF. */
export const cornerBracket: Family = {
  name: 'corner-bracket',
  words: ['bracket', 'brace', 'corner', 'angle', 'mount', 'mounting', 'shelf bracket'],
  categories: ['diy', 'parts', 'replacement-parts', 'household-supplies'],
  build(random: Random) {
    const width = 18 + random.next() * 30;
    const legA = 30 + random.next() * 40;
    const legB = 30 + random.next() * 40;
    const t = 3 + random.next() * 3;
    const round = Math.min(t * 0.4, 1.5);
    const holeR = 1.8 + random.next() * 1.2;
    const sink = random.chance(0.6);
    const gusset = random.chance(0.6) ? Math.min(legA, legB) * (0.4 + random.next() * 0.35) : 0;
    const gussetHalf = Math.min(width / 4 - holeR * 1.5, t * 0.6 + random.next() * 2);
    const pairs = width > 34 && random.chance(0.6);
    const holesAlong = (leg: number) => (leg > 50 && random.chance(0.6) ? [0.45, 0.82] : [0.65]);
    const across = pairs ? [-width / 4, width / 4] : [0];
    const holesA: [number, number][] = [];
    for (const f of holesAlong(legA)) for (const y of across) holesA.push([t + (legA - t) * f, y]);
    const holesB: [number, number][] = [];
    for (const f of holesAlong(legB)) for (const y of across) holesB.push([t + (legB - t) * f, y]);
    const horizontal = boxSdf(legA / 2, 0, t / 2, legA / 2, width / 2, t / 2, round);
    const vertical = boxSdf(t / 2, 0, legB / 2, t / 2, width / 2, legB / 2, round);
    // A screw hole, countersunk towards the inner face when `sink`.
    const hole = (u: number, v: number, depth: number) => {
      const r = sink ? holeR + Math.max(0, depth - (t - holeR * 1.2)) : holeR;
      return Math.hypot(u, v) - r;
    };
    // A middle rib between paired holes, or two ribs along the edges around a middle row of holes.
    const edgeRib = Math.min(t * 1.2, width / 2 - holeR * 2.5 - 2);
    const ribTerm = pairs
      ? (y: number) => Math.abs(y) - gussetHalf
      : (y: number) => Math.max(Math.abs(y) - width / 2 + round, width / 2 - edgeRib - Math.abs(y));
    const ribbed = gusset > 0 && (pairs ? gussetHalf > 1 : edgeRib > 1.5);
    const sdf: Sdf = (x, y, z) => {
      let d = Math.min(horizontal(x, y, z), vertical(x, y, z));
      if (ribbed && x + z < gusset + t + 2) {
        const g = Math.max((x + z - gusset - t) / Math.SQRT2, ribTerm(y), -x, -z);
        d = Math.min(d, g);
      }
      // Holes: vertical through leg A (countersunk at its top face), horizontal through leg B.
      if (z < t + 1) for (const [hx, hy] of holesA) d = Math.max(d, -hole(x - hx, y - hy, z));
      if (x < t + 1) for (const [hz, hy] of holesB) d = Math.max(d, -hole(z - hz, y - hy, x));
      return d;
    };
    const longest = Math.max(legA, legB, width);
    const cell = longest / (38 + random.int(0, 8));
    return placeOnBed(polygonize(sdf, [0, -width / 2, 0], [legA, width / 2, legB], cell));
  },
};
