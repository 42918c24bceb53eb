import type { Random } from '@/lib/random';

import { lathe, type Point2 } from '../primitives';
import { placeOnBed } from '../solid';
import type { Family } from './family';
import { cosineCurve } from './household-shapes';

/**
 * A table lamp turned in one piece: a base, a stem (plain or with beads), and a shade open below whose
 * crown is joined to the stem, with a finial on top.
 */
export const tableLamp: Family = {
  name: 'table-lamp',
  words: ['lamp', 'light', 'lampshade', 'lantern', 'nightlight', 'sconce', 'table lamp', 'desk lamp'],
  categories: ['lamp', 'decor', 'interior'],
  build(random: Random) {
    const baseR = 35 + random.next() * 25;
    const baseH = 10 + random.next() * 14;
    const stemR = 5 + random.next() * 5;
    const stemH = 120 + random.next() * 90;
    const shadeBottomR = baseR * (1.05 + random.next() * 0.45);
    const shadeTopR = shadeBottomR * (0.45 + random.next() * 0.35);
    const shadeH = Math.min(shadeBottomR * (0.75 + random.next() * 0.4), stemH * 0.5);
    const shadeWall = 2 + random.next();
    const beads = random.int(0, 3);
    const baseShape = random.pick(['dome', 'step', 'disc'] as const);

    const profile: Point2[] = [[0, 0]];
    if (baseShape === 'dome') {
      profile.push([baseR, 0]);
      for (let i = 0; i <= 8; i++) {
        const a = (Math.PI / 2) * (i / 8);
        profile.push([stemR * 1.3 + (baseR - stemR * 1.3) * Math.cos(a), 2 + (baseH - 2) * Math.sin(a)]);
      }
    } else if (baseShape === 'step') {
      profile.push(
        [baseR, 0],
        [baseR, baseH * 0.5],
        [baseR * 0.7, baseH * 0.5],
        [baseR * 0.7, baseH],
        [stemR, baseH],
      );
    } else {
      profile.push([baseR, 0], [baseR, baseH * 0.4], [baseR - baseH * 0.6, baseH], [stemR, baseH]);
    }
    const stemBottom = profile.at(-1)![1];
    const shadeCrown = stemBottom + stemH;
    const stemCurve = cosineCurve([
      [0, stemR * 1.3],
      [0.15, stemR],
      [1, stemR],
    ]);
    const steps = 24;
    for (let i = 1; i <= steps; i++) {
      const t = i / steps;
      let r = stemCurve(t);
      for (let b = 1; b <= beads; b++) {
        const centre = b / (beads + 1);
        const d = (t - centre) / 0.05;
        r += stemR * 0.8 * Math.exp(-d * d);
      }
      profile.push([r, stemBottom + stemH * t]);
    }
    // Out along the crown's underside, down the inside of the shade, up its outside, over the crown.
    const crown = 3;
    profile.push(
      [shadeTopR - shadeWall, shadeCrown],
      [shadeBottomR - shadeWall, shadeCrown - shadeH],
      [shadeBottomR, shadeCrown - shadeH],
      [shadeTopR, shadeCrown + crown],
      [stemR * 0.9, shadeCrown + crown],
      [stemR * 0.6, shadeCrown + crown + 6],
      [stemR * 1.2, shadeCrown + crown + 10],
      [0, shadeCrown + crown + 14],
    );
    return placeOnBed(lathe(profile, 48 + random.int(0, 3) * 8));
  },
};
