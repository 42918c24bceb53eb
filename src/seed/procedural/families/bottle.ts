import type { Random } from '@/lib/random';

import { lathe, type Point2 } from '../primitives';
import { placeOnBed } from '../solid';
import type { Family } from './family';
import { cosineCurve, vesselProfile, warpedLathe } from './household-shapes';

/** A hollow bottle: body, shoulder, neck and a lip with a collar (wine, beer, soda, milk, flask shapes), round or square. */
export const bottle: Family = {
  name: 'bottle',
  words: ['bottle', 'flask', 'carafe', 'decanter', 'jug', 'wine', 'potion', 'canteen'],
  categories: ['food-and-drink', 'containers', 'kitchen-and-dining'],
  build(random: Random) {
    const kind = random.pick(['wine', 'beer', 'soda', 'milk', 'potion'] as const);
    const body = kind === 'potion' ? 30 + random.next() * 15 : 20 + random.next() * 14;
    const height = kind === 'potion' ? body * (2.2 + random.next() * 0.8) : body * (6 + random.next() * 3);
    const neck = body * (kind === 'milk' ? 0.55 : 0.28 + random.next() * 0.08);
    const shoulderAt =
      kind === 'wine' ? 0.55 + random.next() * 0.1 : kind === 'potion' ? 0.45 : 0.5 + random.next() * 0.15;
    const neckAt = kind === 'wine' ? shoulderAt + 0.18 : shoulderAt + 0.12 + random.next() * 0.1;
    const collarAt = 0.95 - random.next() * 0.03;
    const keys: Point2[] =
      kind === 'potion'
        ? [
            [0, body * 0.7],
            [0.25, body],
            [shoulderAt, body * 0.9],
            [neckAt, neck],
            [collarAt - 0.04, neck],
            [collarAt, neck * 1.35],
            [1, neck * 1.2],
          ]
        : [
            [0, body * 0.94],
            [0.04, body],
            [shoulderAt, body * (kind === 'soda' ? 0.9 : 1)],
            [neckAt, neck],
            [collarAt - 0.02, neck],
            [collarAt, neck * 1.22],
            [1, neck * 1.12],
          ];
    if (kind === 'soda') keys.splice(2, 0, [shoulderAt * 0.5, body * 0.86]);
    const radiusAt = cosineCurve(keys);
    const wall = 1.6 + random.next() * 0.6;
    const profile = vesselProfile(radiusAt, height, wall, 3 + random.next() * 2, 56 + random.int(0, 16));
    // Some bottles are square or hexagonal (spirits, sauces): the body's sections become polygons,
    // blending back to round at the shoulder so the neck stays round.
    const sides = random.pick([0, 0, 0, 4, 6]);
    if (sides === 0) return placeOnBed(lathe(profile, 48 + random.int(0, 3) * 8));
    const sector = (Math.PI * 2) / sides;
    const roundAbove = height * shoulderAt;
    return placeOnBed(
      warpedLathe(profile, sides * 16, (r, z, angle) => {
        const local = (((angle % sector) + sector) % sector) - sector / 2;
        const polygon = (Math.cos(sector / 2) / Math.cos(local)) * 1.1;
        const blend = Math.min(1, Math.max(0, (roundAbove - z) / (height * 0.08)));
        return [r * (1 + (polygon - 1) * blend), z];
      }),
    );
  },
};
