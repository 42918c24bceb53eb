import type { Random } from '@/lib/random';

import { boxSdf, polygonize, type Sdf } from '../sdf';
import { merge, placeOnBed, translate } from '../solid';
import type { Family } from './family';

/** Pip positions per face value, in units of the face's half-size. */
const pips: Record<number, [number, number][]> = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

/** A six-sided die: a rounded cube with carved pips (opposite faces add up to 7); sometimes a pair. */
export const dice: Family = {
  name: 'dice',
  words: ['dice', 'die', 'd6', 'dices'],
  categories: ['dice', 'games', 'board-games'],
  build(random: Random) {
    const size = 12 + random.next() * 14;
    const half = size / 2;
    const round = size * (0.08 + random.next() * 0.14);
    const pipRadius = size * (0.085 + random.next() * 0.03);
    const spread = size * (0.25 + random.next() * 0.03);
    const makeDie = (faces: number[]) => {
      // faces: values on +x, -x, +y, -y, +z, -z.
      const body = boxSdf(0, 0, 0, half, half, half, round);
      const sdf: Sdf = (x, y, z) => {
        const d = body(x, y, z);
        if (d > pipRadius) return d;
        const ax = Math.abs(x),
          ay = Math.abs(y),
          az = Math.abs(z);
        let face: number, u: number, v: number, depth: number;
        if (ax >= ay && ax >= az) [face, u, v, depth] = [x > 0 ? 0 : 1, y, z, ax];
        else if (ay >= az) [face, u, v, depth] = [y > 0 ? 2 : 3, x, z, ay];
        else [face, u, v, depth] = [z > 0 ? 4 : 5, x, y, az];
        let hole = Infinity;
        for (const [pu, pv] of pips[faces[face]!]!) {
          const dd = Math.hypot(u - pu * spread, v - pv * spread, depth - half - pipRadius * 0.2) - pipRadius;
          if (dd < hole) hole = dd;
        }
        return Math.max(d, -hole);
      };
      const cells = Math.round(18 + random.next() * 4);
      const cell = size / cells;
      return polygonize(sdf, [-half, -half, -half], [half, half, half], cell);
    };
    const first = makeDie(
      random.pick([
        [1, 6, 2, 5, 3, 4],
        [3, 4, 1, 6, 2, 5],
        [2, 5, 3, 4, 1, 6],
      ]),
    );
    if (random.chance(0.6)) return placeOnBed(first);
    const second = makeDie(
      random.pick([
        [6, 1, 4, 3, 5, 2],
        [5, 2, 6, 1, 4, 3],
      ]),
    );
    return placeOnBed(merge(first, translate(second, size * 1.35, size * 0.4, 0)));
  },
};
