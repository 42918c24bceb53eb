import type { Random } from '@/lib/random';

import { placeOnBed, type Vec3 } from '../solid';
import type { Family } from './family';
import { axialRing, evenAngles, outwards, ringStack, superellipse } from './mechanical-kit';

/** A screwdriver lying on its side: fluted handle, ferrule, round shaft and a flat, cross or hex tip. */
export const screwdriver: Family = {
  name: 'screwdriver',
  words: ['screwdriver', 'screwdrivers', 'phillips', 'torx'],
  categories: ['hand-tools', 'tool-holders'],
  build(random: Random) {
    const tip = random.pick(['flat', 'cross', 'hex'] as const);
    const handleR = 11 + random.next() * 7;
    const handleL = handleR * (6 + random.next() * 3);
    const shaftR = handleR * (0.2 + random.next() * 0.1);
    const shaftL = handleL * (0.6 + random.next() * 1.1);
    const flutes = random.int(5, 9);
    const flute = 0.06 + random.next() * 0.08;
    const bulge = random.next() * 0.12;
    const angles = evenAngles(flutes * 16, 0.01);
    const fluted = (r: number) => (a: number) => r * (1 - flute * (0.5 + 0.5 * Math.cos(flutes * a)) ** 2);
    const rings: Vec3[][] = [];
    // The rounded butt of the handle.
    for (let i = 0; i <= 5; i++) {
      const t = i / 5;
      const x = handleR * 0.35 * (1 - Math.cos((t * Math.PI) / 2));
      rings.push(axialRing(x, angles, fluted(handleR * (0.55 + 0.45 * Math.sin((t * Math.PI) / 2)))));
    }
    const bodySteps = 14;
    for (let i = 1; i <= bodySteps; i++) {
      const t = i / bodySteps;
      const r = handleR * (1 + bulge * Math.sin(t * Math.PI) - 0.3 * Math.max(0, t - 0.75) * 4 * 0.6);
      rings.push(axialRing(handleR * 0.35 + (handleL - handleR * 0.35) * t, angles, fluted(r)));
    }
    const ferrule = shaftR * 1.7;
    const round = (r: number) => () => r;
    rings.push(
      axialRing(handleL, angles, round(ferrule)),
      axialRing(handleL + shaftR * 3, angles, round(ferrule)),
    );
    rings.push(axialRing(handleL + shaftR * 4, angles, round(shaftR)));
    const tipStart = handleL + shaftL;
    rings.push(axialRing(tipStart, angles, round(shaftR)));
    const tipL = shaftR * (2.5 + random.next() * 2);
    for (let i = 1; i <= 6; i++) {
      const t = i / 6;
      const x = tipStart + tipL * t;
      if (tip === 'flat')
        rings.push(
          axialRing(x, angles, superellipse(shaftR * (1 + 0.25 * t), shaftR * (1 - 0.82 * t), 2 + 4 * t)),
        );
      else if (tip === 'hex') {
        const r = shaftR * (1 - 0.15 * t);
        rings.push(
          axialRing(
            x,
            angles,
            (a) => r / Math.cos((((a % (Math.PI / 3)) + Math.PI / 3) % (Math.PI / 3)) - Math.PI / 6),
          ),
        );
      } else {
        const r = shaftR * (1 - 0.75 * t);
        rings.push(axialRing(x, angles, (a) => r * (1 - 0.55 * t * (0.5 - 0.5 * Math.cos(4 * a)))));
      }
    }
    return placeOnBed(outwards(ringStack(rings, false)));
  },
};
