import type { Random } from '@/lib/random';

import { capsuleSdf, polygonize, type Sdf, smoothUnion } from '../sdf';
import { placeOnBed } from '../solid';
import type { Family } from './family';
import { cosineCurve } from './household-shapes';

/** A mug: a turned, hollow body (straight, tapered or bellied) with a ring, D or angular handle blended on. */
export const mug: Family = {
  name: 'mug',
  words: ['mug', 'cup', 'tankard', 'stein', 'teacup', 'coffee mug'],
  categories: ['kitchen-dining', 'kitchen-and-dining', 'food-and-drink'],
  build(random: Random) {
    const height = 70 + random.next() * 45;
    const radius = 30 + random.next() * 14;
    const wall = 4.5 + random.next() * 1.5;
    const floor = 5 + random.next() * 3;
    const shape = random.pick(['straight', 'tapered', 'belly', 'flared'] as const);
    const keys: [number, number][] =
      shape === 'straight'
        ? [
            [0, radius * 0.95],
            [0.08, radius],
            [1, radius],
          ]
        : shape === 'tapered'
          ? [
              [0, radius * 0.78],
              [1, radius * 1.05],
            ]
          : shape === 'belly'
            ? [
                [0, radius * 0.85],
                [0.45, radius * 1.12],
                [1, radius * 0.92],
              ]
            : [
                [0, radius],
                [0.55, radius * 0.86],
                [1, radius * 1.08],
              ];
    const radiusAt = cosineCurve(keys);
    // Rounded where the rim meets the walls (a sharp edge aliases on the sampling grid).
    const k = wall * 0.45;
    const smoothMax = (a: number, b: number) => {
      const h = Math.min(1, Math.max(0, 0.5 - (0.5 * (b - a)) / k));
      return b + (a - b) * h + k * h * (1 - h);
    };
    const body: Sdf = (x, y, z) =>
      smoothMax(smoothMax(Math.hypot(x, y) - radiusAt(z / height), z - height), -z);
    const cavity: Sdf = (x, y, z) => Math.max(Math.hypot(x, y) - radiusAt(z / height) + wall, floor - z);

    const handleKind = random.pick(['ring', 'd', 'angular'] as const);
    const thick = 4 + random.next() * 3;
    const flat = 1 + random.next() * 0.8;
    const zc = height * (0.48 + random.next() * 0.08);
    const span = height * (0.27 + random.next() * 0.1);
    const rimR = radiusAt(zc / height);
    let handle: Sdf;
    if (handleKind === 'ring') {
      const major = span * 0.9;
      const cx = rimR + major * 0.55;
      handle = (x, y, z) => Math.hypot(Math.hypot(x - cx, z - zc) - major, y * flat) - thick;
    } else {
      const out = rimR + span * (0.8 + random.next() * 0.5);
      const top = zc + span;
      const bottom = zc - span * (0.8 + random.next() * 0.2);
      const bend = handleKind === 'd' ? span * 0.35 : 0;
      const points: [number, number, number][] = [
        [rimR - 2, 0, top],
        [out - bend, 0, top + bend * 0.2],
        [out, 0, top - span * 0.4],
        [out, 0, bottom + span * 0.4],
        [out - bend, 0, bottom - bend * 0.2],
        [rimR - 2, 0, bottom],
      ];
      const parts = points.slice(1).map((p, i) => capsuleSdf(points[i]!, p, thick));
      handle = (x, y, z) => {
        let d = Infinity;
        for (const part of parts) d = Math.min(d, part(x, y * flat, z));
        return d;
      };
    }
    const handleStart = rimR * 0.6;
    const outside = smoothUnion(2.5, body, handle);
    const shell: Sdf = (x, y, z) => {
      const withHandle = x > handleStart ? outside(x, y, z) : body(x, y, z);
      return smoothMax(withHandle, -cavity(x, y, z));
    };
    const maxR = Math.max(...keys.map(([, r]) => r));
    const reachX = maxR + span * 2.2 + thick * 2;
    const cell = Math.max(reachX + maxR, height) / (46 + random.int(0, 5));
    return placeOnBed(polygonize(shell, [-maxR - 1, -maxR - 1, 0], [reachX, maxR + 1, height + 1], cell));
  },
};
