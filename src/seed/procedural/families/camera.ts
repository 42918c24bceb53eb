import type { Random } from '@/lib/random';

import { boxSdf, cylinderSdf, polygonize, type Sdf } from '../sdf';
import { placeOnBed } from '../solid';
import type { Family } from './family';
import { cylinderY } from './robot';

/** A camera facing -y: body, hand grip, lens barrel with rings, and a prism hump (SLR) or a flash (compact). */
export const camera: Family = {
  name: 'camera',
  words: ['camera', 'dslr', 'slr', 'mirrorless', 'polaroid', 'camcorder', 'webcam', 'lens'],
  categories: ['camera', 'electronics'],
  build(random: Random) {
    const slr = random.chance(0.6);
    const w = 90 + random.next() * 45;
    const h = w * (slr ? 0.55 + random.next() * 0.12 : 0.55 + random.next() * 0.1);
    const d = w * (slr ? 0.3 + random.next() * 0.08 : 0.22 + random.next() * 0.06);
    const round = Math.min(d, h) * (0.12 + random.next() * 0.15);
    const lensR = h * (slr ? 0.34 + random.next() * 0.08 : 0.26 + random.next() * 0.08);
    const lensL = slr ? lensR * (1 + random.next() * 1.4) : lensR * (0.4 + random.next() * 0.5);
    const lensX = slr ? -w * 0.05 : w * (0.08 - random.next() * 0.16);
    const lensZ = h * 0.47;
    const grip = w * (0.14 + random.next() * 0.06);
    const humpH = slr ? h * (0.2 + random.next() * 0.1) : 0;
    const parts: Sdf[] = [
      boxSdf(0, 0, h / 2, w / 2, d / 2, h / 2, round),
      cylinderY(lensX, lensZ, lensR, -d / 2 - lensL, 0),
      cylinderY(lensX, lensZ, lensR * 1.1, -d / 2 - lensL * 0.45, -d / 2 - lensL * 0.25),
      boxSdf(w / 2 - grip / 2, -d / 2 - grip * 0.15, h * 0.46, grip / 2, grip * 0.35, h * 0.44, grip * 0.3),
      cylinderSdf(w * 0.32, d * 0.05, w * 0.045, h - 1, h + w * 0.02),
      cylinderSdf(-w * 0.3, d * 0.05, w * 0.07, h - 1, h + w * 0.035),
    ];
    if (slr)
      parts.push(boxSdf(lensX, d * 0.05, h + humpH / 2 - 2, w * 0.14, d * 0.4, humpH / 2 + 2, humpH * 0.35));
    else parts.push(boxSdf(-w * 0.3, -d / 2, h * 0.78, w * 0.1, 1.2, h * 0.08, 1));
    const glass = cylinderY(lensX, lensZ, lensR * 0.8, -d / 2 - lensL - 5, -d / 2 - lensL + lensR * 0.12);
    const grooves: Sdf[] = [0.15, 0.75].map((t) =>
      cylinderY(lensX, lensZ, lensR * 1.2, -d / 2 - lensL * t - 1, -d / 2 - lensL * t + 1),
    );
    const sdf: Sdf = (x, y, z) => {
      let d0 = Infinity;
      for (const part of parts) d0 = Math.min(d0, part(x, y, z));
      d0 = Math.max(d0, -glass(x, y, z));
      for (const groove of grooves)
        d0 = Math.max(d0, -Math.max(groove(x, y, z), -(Math.hypot(x - lensX, z - lensZ) - lensR * 0.96)));
      return d0;
    };
    const top = h + Math.max(humpH, w * 0.04) + 1;
    const cell = w / (52 + random.int(0, 8));
    return placeOnBed(
      polygonize(sdf, [-w / 2 - 1, -d / 2 - lensL - 1, 0], [w / 2 + 1, d / 2 + 1, top], cell),
    );
  },
};
