import type { Random } from '@/lib/random';

import type { Point2 } from '../primitives';
import { placeOnBed } from '../solid';
import type { Family } from './family';
import { warpedLathe } from './household-shapes';

type Kind = 'apple' | 'pear' | 'lemon' | 'orange' | 'peach' | 'plum';

/**
 * A turned fruit on its side-less base: apple (lobed, dimpled, with a stalk), pear (a waist and a long
 * stalk), lemon (pointed ends), orange (a pitted peel), peach (a groove down one side) or plum.
 */
export const fruit: Family = {
  name: 'fruit',
  words: ['fruit', 'apple', 'pear', 'lemon', 'peach', 'plum', 'lime', 'citrus'],
  categories: ['fruit', 'food-and-drink', 'kitchen-dining', 'kitchen-and-dining', 'scans-and-replicas'],
  build(random: Random) {
    const kind = random.pick<Kind>(['apple', 'pear', 'lemon', 'orange', 'peach', 'plum']);
    const size = 30 + random.next() * 20;
    const steps = 48;
    // The outline as radius over height (t from bottom 0 to top 1), for each kind.
    const neck = 0.5 + random.next() * 0.15;
    const height =
      kind === 'pear'
        ? size * (2.2 + random.next() * 0.4)
        : kind === 'lemon'
          ? size * (2.4 + random.next() * 0.3)
          : size * (1.7 + random.next() * 0.3);
    const radiusAt = (t: number): number => {
      const s = Math.sin(Math.PI * t);
      if (kind === 'pear') {
        // Round below, narrowing into a neck with a slight shoulder above.
        const smooth = (e0: number, e1: number) => {
          const u = Math.min(1, Math.max(0, (t - e0) / (e1 - e0)));
          return u * u * (3 - 2 * u);
        };
        const shoulder = 0.1 * Math.exp(-(((t - 0.82) / 0.08) ** 2));
        return size * Math.sin(Math.PI * t) ** 0.5 * (1 - neck * smooth(0.3, 0.78) + shoulder);
      }
      if (kind === 'lemon') {
        const nib = 0.08;
        return (
          size *
          (t < nib
            ? 0.25 * Math.sin((t / nib) * (Math.PI / 2))
            : t > 1 - nib
              ? 0.25 * Math.sin(((1 - t) / nib) * (Math.PI / 2))
              : 0.25 + 0.75 * Math.sin(Math.PI * ((t - nib) / (1 - 2 * nib))) ** 0.8)
        );
      }
      if (kind === 'apple') return size * s ** 0.55 * (1 + 0.12 * t);
      return size * s ** 0.6;
    };
    const dimple = kind === 'apple' ? size * 0.2 : kind === 'peach' || kind === 'plum' ? size * 0.1 : 0;
    const profile: Point2[] = [[0, dimple * 0.6]];
    for (let i = 1; i < steps; i++) {
      const t = i / steps;
      // Dimples at both ends for the apple family: the ends are drawn in toward the middle.
      const pull = dimple * (Math.exp(-((t / 0.12) ** 2)) * 0.6 + Math.exp(-(((1 - t) / 0.12) ** 2)));
      const z = t * height;
      profile.push([radiusAt(t), z + (t < 0.5 ? pull * 0.6 : -pull)]);
    }
    const topZ = height - dimple;
    const hasStalk = kind !== 'lemon' && kind !== 'orange' && random.chance(0.85);
    const stalkR = size * 0.045;
    if (hasStalk) {
      const stalkH = size * (kind === 'pear' ? 0.55 : 0.35) + random.next() * size * 0.2;
      profile.push(
        [stalkR * 1.5, topZ],
        [stalkR, topZ + 1],
        [stalkR, topZ + stalkH],
        [stalkR * 1.2, topZ + stalkH + 0.5],
        [0, topZ + stalkH + 1],
      );
    } else profile.push([0, kind === 'lemon' ? height : topZ - size * 0.04]);
    const lobes = kind === 'apple' ? 5 : 0;
    const lobeDepth = size * (0.015 + random.next() * 0.02);
    const pits = kind === 'orange' || kind === 'lemon';
    const groove = kind === 'peach' || kind === 'plum';
    const stalkStart = hasStalk ? profile.length - 5 : profile.length;
    return placeOnBed(
      warpedLathe(profile, 96, (r, z, angle, index) => {
        if (index >= stalkStart) return [r, z];
        let dr = 0;
        if (lobes) dr += lobeDepth * Math.cos(lobes * angle) * Math.sin((Math.PI * z) / height);
        if (pits) dr += size * 0.006 * Math.sin(angle * 61 + index * 2.1) * Math.sin(index * 1.7);
        if (groove)
          dr -= size * 0.06 * Math.exp(-((angle - Math.PI) ** 2) / 0.02) * Math.sin((Math.PI * z) / height);
        return [Math.max(0.2, r + dr), z];
      }),
    );
  },
};
