import type { Random } from '@/lib/random';

import { placeOnBed, type Vec3 } from '../solid';
import type { Family } from './family';
import { axialRing, evenAngles, outwards, ringStack, superellipse } from './mechanical-kit';

/** A sword lying flat: pommel, wrapped grip, cross-guard and a diamond-section blade tapering to its point. */
export const sword: Family = {
  name: 'sword',
  words: ['sword', 'katana', 'sabre', 'saber', 'rapier', 'longsword', 'dagger', 'excalibur'],
  categories: ['sword', 'props', 'costume'],
  build(random: Random) {
    const length = 180 + random.next() * 210;
    const dagger = length < 240;
    const gripL = length * (dagger ? 0.2 : 0.17 + random.next() * 0.05);
    const gripR = 8 + random.next() * 3;
    const bladeW = gripR * (2.2 + random.next() * 1.4) * (dagger ? 1.1 : 1);
    const bladeT = 2.5 + random.next() * 2;
    const guardW = bladeW * (2 + random.next() * 1.6);
    const guardT = Math.max(gripR * 1.25, bladeT * 2.5);
    const guardL = 8 + random.next() * 8;
    const pommelR = gripR * (1.3 + random.next() * 0.5);
    const wraps = random.int(6, 14);
    const angles = evenAngles(64);
    const rings: Vec3[][] = [];
    // Pommel: a squashed ball.
    const pommelL = pommelR * 1.6;
    for (let i = 0; i <= 8; i++) {
      const t = i / 8;
      const r = Math.max(pommelR * 0.25, pommelR * Math.sin(Math.PI * (0.12 + 0.76 * t)));
      rings.push(axialRing(pommelL * t, angles, superellipse(r, r * 0.85)));
    }
    const gripStart = pommelL;
    rings.push(axialRing(gripStart + 0.01, angles, superellipse(gripR * 0.9, gripR * 0.8)));
    const gripSteps = wraps * 4;
    for (let i = 1; i <= gripSteps; i++) {
      const t = i / gripSteps;
      const ridge = 1 + 0.06 * Math.abs(Math.sin(t * wraps * Math.PI));
      rings.push(axialRing(gripStart + gripL * t, angles, superellipse(gripR * ridge, gripR * 0.85 * ridge)));
    }
    const guardX = gripStart + gripL;
    const curl = random.next() * 0.4;
    rings.push(axialRing(guardX, angles, superellipse(guardW / 2, guardT / 2, 2.5 + curl * 4)));
    rings.push(axialRing(guardX + guardL, angles, superellipse(guardW / 2, guardT / 2, 2.5 + curl * 4)));
    // The blade: its base, a long straight part, then the taper to the point.
    const bladeX = guardX + guardL;
    const bladeL = length - bladeX;
    const tipStart = 0.7 + random.next() * 0.2;
    const bladeSteps = 24;
    for (let i = 0; i <= bladeSteps; i++) {
      const t = i / bladeSteps;
      const narrowing = 1 - 0.15 * t;
      const taper = t < tipStart ? 1 : Math.max(0.03, Math.sqrt(1 - (t - tipStart) / (1 - tipStart)));
      const w = (bladeW / 2) * narrowing * taper;
      const th = (bladeT / 2) * Math.max(0.15, taper);
      rings.push(axialRing(bladeX + bladeL * t, angles, superellipse(w, th, 1.2)));
    }
    return placeOnBed(outwards(ringStack(rings, false)));
  },
};
