import type { Random } from '@/lib/random';

import { boxSdf, capsuleSdf, polygonize, type Sdf } from '../sdf';
import { placeOnBed, type Vec3 } from '../solid';
import type { Family } from './family';
import { cylinderY } from './robot';

/**
 * A hammer lying on its side: an oval handle along x and a head across it: a claw hammer (round face,
 * curved split claw), a mallet (barrel head) or a sledge (square faces both sides).
 */
export const hammer: Family = {
  name: 'hammer',
  words: ['hammer', 'mallet', 'sledgehammer', 'sledge', 'gavel', 'mjolnir'],
  categories: ['hand-tools', 'tool-holders-and-boxes'],
  build(random: Random) {
    const kind = random.pick(['claw', 'claw', 'mallet', 'sledge'] as const);
    const length = 150 + random.next() * 150;
    const handleW = length * (0.075 + random.next() * 0.02);
    const handleT = handleW * (0.65 + random.next() * 0.15);
    const headZ = handleT / 2;
    const headT = kind === 'mallet' ? length * 0.12 : handleW * (1.25 + random.next() * 0.3);
    const headLen = length * (kind === 'mallet' ? 0.4 : 0.36 + random.next() * 0.1);
    const headX = length - headT * 0.9;
    const parts: Sdf[] = [];
    // The handle: an oval section, swelling a little towards its end.
    const handleEnd = headX;
    parts.push((x, y, z) => {
      const t = Math.min(1, Math.max(0, x / handleEnd));
      const swell = 1 + 0.18 * Math.exp(-((t - 0.08) ** 2) / 0.01);
      const dx = Math.max(-x, x - handleEnd);
      const e = Math.hypot(y / ((handleW / 2) * swell), (z - headZ) / ((handleT / 2) * swell)) - 1;
      const radial = e * Math.min(handleW, handleT) * 0.5;
      return Math.max(radial, dx);
    });
    if (kind === 'mallet') {
      const r = headT / 2;
      parts.push(cylinderY(headX, headZ + r - headZ, r, -headLen / 2, headLen / 2));
    } else {
      const faceR = headT * 0.62;
      const neck = boxSdf(headX, 0, headZ, headT / 2, headLen * 0.18, headT / 2, headT * 0.12);
      parts.push(neck);
      if (kind === 'sledge')
        parts.push(boxSdf(headX, 0, headZ, headT * 0.55, headLen / 2, headT * 0.55, headT * 0.1));
      else {
        parts.push(cylinderY(headX, headZ, faceR, headLen * 0.12, headLen * 0.5));
        parts.push(cylinderY(headX, headZ, faceR * 1.1, headLen * 0.44, headLen * 0.5));
        // The claw: two prongs curving back towards the handle.
        const claw: Vec3[] = [];
        for (let i = 0; i <= 5; i++) {
          const a = (Math.PI * 0.55 * i) / 5;
          claw.push([
            headX - headLen * 0.28 * Math.sin(a) * 0.9,
            -headLen * 0.15 - headLen * 0.34 * Math.sin(a + 0.35) * 0.95,
            0,
          ]);
        }
        for (const side of [-1, 1])
          for (let i = 0; i < claw.length - 1; i++) {
            const a = claw[i]!;
            const b = claw[i + 1]!;
            const r0 = (headT / 2) * (1 - 0.12 * i) * 0.55;
            const r1 = (headT / 2) * (1 - 0.12 * (i + 1)) * 0.55;
            parts.push(
              capsuleSdf(
                [a[0], a[1], headZ + side * r0 * 0.75],
                [b[0], b[1], headZ + side * r1 * 0.75],
                r0,
                r1,
              ),
            );
          }
      }
    }
    const sdf: Sdf = (x, y, z) => {
      let d = Infinity;
      for (const part of parts) d = Math.min(d, part(x, y, z));
      return d;
    };
    const half = headLen / 2 + headT;
    const thick = Math.max(headT, handleT) + 2;
    const cell = length / (72 + random.int(0, 6));
    return placeOnBed(
      polygonize(sdf, [-2, -half, headZ - thick / 2], [length + 2, half, headZ + thick / 2], cell),
    );
  },
};
