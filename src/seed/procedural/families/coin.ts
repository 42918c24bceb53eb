import type { Random } from '@/lib/random';

import { placeOnBed } from '../solid';
import type { Family } from './family';
import { coverage, polygonDistance, reliefPlate, starDistance } from './household-shapes';

type Outline = (x: number, y: number) => number;

/** The seven segments of a digit as bars (x0, y0, x1, y1) in a 1 × 2 cell. */
const segmentBars: Record<string, [number, number, number, number]> = {
  a: [0, 2, 1, 2],
  b: [1, 1, 1, 2],
  c: [1, 0, 1, 1],
  d: [0, 0, 1, 0],
  e: [0, 0, 0, 1],
  f: [0, 1, 0, 2],
  g: [0, 1, 1, 1],
};
const digitSegments = [
  'abcdef',
  'bc',
  'abdeg',
  'abcdg',
  'bcfg',
  'acdfg',
  'acdefg',
  'abc',
  'abcdefg',
  'abcdfg',
];

/** A number as seven-segment bars of half-width `w`, `h` high, centred at (cx, cy). */
function numeral(value: number, cx: number, cy: number, h: number, w: number): Outline {
  const digits = String(value).split('').map(Number);
  const cellW = h * 0.55;
  const gap = h * 0.3;
  const total = digits.length * cellW + (digits.length - 1) * gap;
  const bars: [number, number, number, number][] = [];
  digits.forEach((digit, i) => {
    const x0 = cx - total / 2 + i * (cellW + gap);
    for (const s of digitSegments[digit]!) {
      const [a, b, c, d] = segmentBars[s]!;
      bars.push([x0 + a * cellW, cy - h / 2 + (b * h) / 2, x0 + c * cellW, cy - h / 2 + (d * h) / 2]);
    }
  });
  return (x, y) => {
    let best = Infinity;
    for (const [x0, y0, x1, y1] of bars) {
      const ex = x1 - x0,
        ey = y1 - y0;
      const t = Math.min(1, Math.max(0, ((x - x0) * ex + (y - y0) * ey) / (ex * ex + ey * ey)));
      best = Math.min(best, Math.hypot(x - x0 - ex * t, y - y0 - ey * t) - w);
    }
    return best;
  };
}

/** A coin, medal or badge: a disc, hexagon or shield with a raised rim, an embossed star or emblem and a number. */
export const coin: Family = {
  name: 'coin',
  words: ['coin', 'medal', 'badge', 'token', 'medallion', 'emblem', 'insignia', 'logo', 'sign', 'plaque'],
  categories: [
    'coins-badges',
    'coins-and-badges',
    'signs-and-logos',
    '2d-art',
    'costume',
    'accessories',
    'board-games',
  ],
  build(random: Random) {
    const radius = 12 + random.next() * 16;
    const thick = 1.8 + random.next() * 1.4;
    const relief = 1 + random.next() * 0.6;
    const rimW = radius * (0.06 + random.next() * 0.04);
    const shape = random.pick(['disc', 'disc', 'hexagon', 'shield', 'scalloped'] as const);
    let outline: Outline;
    if (shape === 'disc') outline = (x, y) => Math.hypot(x, y) - radius;
    else if (shape === 'scalloped') {
      const lobes = random.int(10, 16);
      outline = (x, y) => Math.hypot(x, y) - radius * (1 + 0.04 * Math.cos(lobes * Math.atan2(y, x)));
    } else if (shape === 'hexagon') {
      outline = polygonDistance(
        Array.from(
          { length: 6 },
          (_, i) => [radius * Math.cos((i * Math.PI) / 3), radius * Math.sin((i * Math.PI) / 3)] as const,
        ),
      );
    } else {
      // Flat top, straight sides, curving down to a point.
      const shield: [number, number][] = [];
      for (let i = 0; i <= 12; i++) {
        const a = ((i / 12) * Math.PI) / 2;
        shield.push([radius * Math.cos(a) ** 0.8, radius * 0.1 - radius * 1.15 * Math.sin(a) ** 1.3]);
      }
      for (let i = 11; i >= 0; i--) shield.push([-shield[i]![0], shield[i]![1]]);
      shield.push([-radius, radius * 0.9], [radius, radius * 0.9]);
      outline = polygonDistance(shield);
    }
    const inner: Outline = (x, y) => outline(x, y) + rimW;
    const emblem = random.pick(['star', 'star', 'ring', 'cross'] as const);
    const points = random.int(5, 8);
    const emblemY = radius * 0.2;
    const emblemR = radius * 0.38;
    const emblemOutline: Outline =
      emblem === 'star'
        ? (() => {
            const star = starDistance(emblemR, points, 2.6 + random.next() * (points - 2) * 0.3);
            return (x, y) => star(x, y - emblemY);
          })()
        : emblem === 'ring'
          ? (x, y) => Math.abs(Math.hypot(x, y - emblemY) - emblemR * 0.7) - emblemR * 0.18
          : (x, y) => {
              const bx = Math.abs(x),
                by = Math.abs(y - emblemY);
              const arm = emblemR * 0.25;
              return Math.min(Math.max(bx - arm, by - emblemR), Math.max(bx - emblemR, by - arm));
            };
    const value = random.pick([1, 2, 5, 10, 20, 25, 50, 100]);
    const digitsAt = -radius * 0.55;
    const digitsH = radius * 0.34;
    const bars = numeral(value, 0, digitsAt, digitsH, radius * 0.028);
    // Far from the number's box, its distance is no smaller than the distance to that box.
    const digits: Outline = (x, y) => {
      const far = Math.max(Math.abs(x) - radius * 0.7, Math.abs(y - digitsAt) - digitsH);
      return far > radius * 0.05 ? far : bars(x, y);
    };
    // Where the outline crosses the ray from the centre at this angle (the outlines are star-shaped).
    const edge = (angle: number) => {
      let lo = 0,
        hi = radius * 2;
      for (let i = 0; i < 30; i++) {
        const mid = (lo + hi) / 2;
        if (outline(mid * Math.cos(angle), mid * Math.sin(angle)) < 0) lo = mid;
        else hi = mid;
      }
      return lo;
    };
    const soft = radius * 0.02;
    const top = (x: number, y: number) =>
      thick +
      relief *
        Math.max(
          coverage(-inner(x, y), soft),
          // The number: ridged bars, each rising to a crest along its middle.
          Math.min(1, Math.max(0, (soft / 2 - digits(x, y)) / (radius * 0.03))),
          // The emblem is bevelled, rising towards its middle, as struck emblems are.
          Math.min(1.4, Math.max(0, (soft / 2 - emblemOutline(x, y)) / (emblemR * 0.25))),
        );
    const rings = 56 + random.int(0, 8);
    return placeOnBed(reliefPlate(edge, top, rings, rings * 3));
  },
};
