import type { Random } from '@/lib/random';

import type { Point2 } from '../primitives';
import { placeOnBed } from '../solid';
import type { Family } from './family';
import { cosineCurve, vesselProfile, warpedLathe } from './household-shapes';

/**
 * A plant pot with a drainage hole and a raised foot ring that lets the water out: round, faceted
 * (hexagonal, octagonal…) or with a twisted facet pattern, with a rolled or straight rim.
 */
export const planter: Family = {
  name: 'planter',
  words: ['planter', 'pot', 'flowerpot', 'succulent', 'cactus', 'herb', 'plant pot', 'flower pot'],
  categories: ['garden', 'outdoor-and-garden', 'decor', 'household-supplies'],
  build(random: Random) {
    const top = 35 + random.next() * 45;
    const height = top * (1 + random.next() * 0.8);
    const bottom = top * (0.6 + random.next() * 0.3);
    const rimBand = random.chance(0.5);
    const keys: Point2[] = rimBand
      ? [
          [0, bottom],
          [0.8, bottom + (top - bottom) * 0.8],
          [0.81, top * 1.1],
          [1, top * 1.1],
        ]
      : [
          [0, bottom],
          [0.5, (bottom + top) / 2 + top * random.next() * 0.12],
          [1, top],
        ];
    const curve = cosineCurve(keys);
    const footH = 4 + random.next() * 3;
    const footIn = 4;
    // The foot: a ring under the pot, slightly inside its wall, so the hole drains.
    const radiusAt = (t: number) => {
      const z = t * height;
      return z < footH ? curve(footH / height) - footIn : curve(t);
    };
    const wall = 2.4 + random.next() * 1.2;
    const hole = 4 + random.next() * 6;
    const steps = 36;
    const profile = vesselProfile(radiusAt, height, wall, footH + 3, steps, hole);
    // The foot's inner edge: the ring is hollow underneath out to its own wall.
    const ring = profile[0]![0];
    const footInner: Point2[] = [
      [ring, footH],
      [curve(footH / height) - footIn - 5, footH],
      [curve(footH / height) - footIn - 5, 0],
    ];
    const withFoot = [...footInner, ...profile.slice(1)];
    const facets = random.pick([0, 0, 5, 6, 8, 10]);
    const twist = facets > 0 && random.chance(0.4) ? (Math.PI / facets) * (random.chance(0.5) ? 1 : -1) : 0;
    const segments = facets > 0 ? facets * 8 : 72;
    return placeOnBed(
      warpedLathe(withFoot, segments, (r, z, angle) => {
        if (facets === 0) return [r, z];
        // A polygon's radius at this angle (its corners on r), turned by `twist` over the height.
        const a = angle - (twist * z) / height;
        const sector = (Math.PI * 2) / facets;
        const local = (((a % sector) + sector) % sector) - sector / 2;
        return [(r * Math.cos(sector / 2)) / Math.cos(local), z];
      }),
    );
  },
};
