import type { Random } from '@/lib/random';

import { capsuleSdf, ellipsoidSdf, polygonize, smoothUnion, sphereSdf } from '../sdf';
import { placeOnBed } from '../solid';
import type { Family } from './family';

/** A low-poly standing figure: head, body and limbs as blended capsules, in a random pose, on its feet. */
export const figure: Family = {
  name: 'figure',
  words: ['figure', 'figurine', 'character', 'person', 'man', 'woman', 'hero', 'warrior', 'statue'],
  categories: ['man', 'woman', 'people', 'sculptures'],
  build(random: Random) {
    const height = 60 + random.next() * 60;
    const u = height / 8;
    const stance = u * (0.4 + random.next() * 0.5);
    const armLift = random.next() * 1.4;
    const girth = 0.9 + random.next() * 0.35;
    const shape = smoothUnion(
      u * 0.35,
      sphereSdf(0, 0, 7.35 * u, u * 0.62),
      ellipsoidSdf(0, 0, 5.2 * u, 1.05 * u * girth, 0.6 * u * girth, 1.5 * u),
      capsuleSdf([-stance, 0, 0.35 * u], [-0.45 * u, 0, 3.9 * u], 0.38 * u, 0.5 * u),
      capsuleSdf([stance, 0, 0.35 * u], [0.45 * u, 0, 3.9 * u], 0.38 * u, 0.5 * u),
      capsuleSdf(
        [-1.1 * u, 0, 6.3 * u],
        [-1.6 * u - armLift * u, 0, 6.3 * u - 2.6 * u + armLift * 2.8 * u],
        0.3 * u,
      ),
      capsuleSdf([1.1 * u, 0, 6.3 * u], [1.7 * u, 0.4 * u, 3.9 * u], 0.3 * u),
      ellipsoidSdf(-stance, 0.35 * u, 0.3 * u, 0.45 * u, 0.8 * u, 0.32 * u),
      ellipsoidSdf(stance, 0.35 * u, 0.3 * u, 0.45 * u, 0.8 * u, 0.32 * u),
    );
    const reach = 4 * u;
    const cell = height / (56 + random.int(0, 12));
    return placeOnBed(polygonize(shape, [-reach, -reach, 0], [reach, reach, 8.2 * u], cell));
  },
};
