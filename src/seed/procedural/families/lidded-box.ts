import type { Random } from '@/lib/random';

import type { Point2 } from '../primitives';
import { merge, placeOnBed, translate, type Vec3 } from '../solid';
import type { Family } from './family';
import { evenAngles, polarRing, polygonRadius, ringStack, roundedRect } from './mechanical-kit';

/** A box and its lid side by side (the lid upside down, as it prints): rounded, round or hexagonal. */
export const liddedBox: Family = {
  name: 'lidded-box',
  words: ['box', 'lid', 'storage', 'casket', 'trinket', 'crate', 'chest', 'storage box'],
  categories: ['tool-holders-and-boxes', 'organization', 'office'],
  build(random: Random) {
    const kind = random.pick(['rounded', 'rounded', 'round', 'hex'] as const);
    const w = 40 + random.next() * 80;
    const d = kind === 'rounded' ? w * (0.5 + random.next() * 0.5) : w;
    const corner = Math.min(w, d) * (0.06 + random.next() * 0.14);
    const height = 25 + random.next() * 60;
    const wall = 1.8 + random.next() * 1.4;
    const floor = 2 + random.next() * 1.5;
    const lidT = 2 + random.next() * 1.5;
    const lip = 5 + random.next() * 5;
    const clearance = 0.3;
    const angles = evenAngles(72, Math.PI / 6);
    // An outline moved in by `inset`, as a ring of points at height z (all rings correspond point by point).
    const ring = (inset: number, z: number): Vec3[] => {
      if (kind === 'round') return polarRing(angles, () => w / 2 - inset, z);
      if (kind === 'hex') return polarRing(angles, polygonRadius(6, w / 2 - inset), z);
      const outline: Point2[] = roundedRect(w - 2 * inset, d - 2 * inset, Math.max(0.6, corner - inset), 10);
      return outline.map(([x, y]) => [x, y, z]);
    };
    const bevel = Math.min(1.2, wall * 0.4);
    const box = ringStack(
      [
        ring(bevel, 0),
        ring(0, bevel),
        ring(0, height - bevel * 0.5),
        ring(bevel * 0.5, height),
        ring(wall - bevel * 0.3, height),
        ring(wall, height - bevel * 0.3),
        ring(wall, floor),
      ],
      false,
    );
    const lid = ringStack(
      [
        ring(bevel, 0),
        ring(0, bevel),
        ring(0, lidT),
        ring(wall + clearance, lidT),
        ring(wall + clearance, lidT + lip),
        ring(wall * 2 + clearance, lidT + lip),
        ring(wall * 2 + clearance, lidT),
      ],
      false,
    );
    const gap = 6 + random.next() * 10;
    const across = kind === 'hex' ? w / Math.cos(Math.PI / 6) : w;
    return placeOnBed(merge(box, translate(lid, across + gap, 0, 0)));
  },
};
