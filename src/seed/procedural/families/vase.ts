import type { Random } from '@/lib/random';

import { lathe, type Point2 } from '../primitives';
import { placeOnBed } from '../solid';
import type { Family } from './family';

/** A hollow vase: a spline-like outer profile of random bulges, an inner wall `wall` mm inside, a solid floor. */
export const vase: Family = {
  name: 'vase',
  words: ['vase', 'vessel', 'urn', 'pot', 'jar'],
  categories: ['decor', 'containers'],
  build(random: Random) {
    const height = 80 + random.next() * 140;
    const foot = 18 + random.next() * 20;
    const belly = foot * (1.2 + random.next() * 0.9);
    const neck = foot * (0.45 + random.next() * 0.4);
    const lip = neck * (1 + random.next() * 0.5);
    const bellyAt = 0.25 + random.next() * 0.3;
    const wall = 2 + random.next();
    const floor = 3;
    const steps = 40 + random.int(0, 30);
    // A smooth radius along the height: cosine blends between foot, belly, neck and lip.
    const keys: Point2[] = [
      [0, foot],
      [bellyAt, belly],
      [0.82, neck],
      [1, lip],
    ];
    const radiusAt = (t: number) => {
      let k = 0;
      while (k < keys.length - 2 && t > keys[k + 1]![0]) k++;
      const [t0, r0] = keys[k]!;
      const [t1, r1] = keys[k + 1]!;
      const s = (1 - Math.cos(((t - t0) / (t1 - t0)) * Math.PI)) / 2;
      return r0 + (r1 - r0) * s;
    };
    const outer: Point2[] = [[0, 0]];
    for (let i = 0; i <= steps; i++) outer.push([radiusAt(i / steps), (height * i) / steps]);
    const inner: Point2[] = [];
    for (let i = steps; i >= 0; i--) {
      const z = (height * i) / steps;
      if (z <= floor) break;
      inner.push([radiusAt(i / steps) - wall, z]);
    }
    inner.push([radiusAt(floor / height) - wall, floor], [0, floor]);
    return placeOnBed(lathe([...outer, ...inner], 48 + random.int(0, 4) * 8));
  },
};
