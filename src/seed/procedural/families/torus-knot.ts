import type { Random } from '@/lib/random';

import { tube } from '../primitives';
import { placeOnBed, type Vec3 } from '../solid';
import type { Family } from './family';

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** A (p, q) torus knot: a tube wound p times around and q times through a torus, on its side or lying down. */
export const torusKnot: Family = {
  name: 'torus-knot',
  words: ['knot', 'torus', 'trefoil', 'celtic', 'infinity', 'mobius', 'loop'],
  categories: ['math-art', 'sculptures', 'decor', 'interactive-art'],
  build(random: Random) {
    const pairs: [number, number][] = [
      [2, 3],
      [2, 5],
      [3, 4],
      [3, 5],
      [2, 7],
      [3, 7],
      [4, 5],
      [5, 6],
    ];
    const [p, q] = random.pick(pairs);
    if (gcd(p, q) !== 1) throw new RangeError('torus knot: p and q must be coprime');
    const size = 30 + random.next() * 50;
    const major = size;
    const minor = size * (0.35 + random.next() * 0.2);
    const tubeR = size * (0.09 + random.next() * 0.05) * (2 / q + 0.5);
    const lift = 0.6 + random.next() * 0.6;
    const samples = 90 * q;
    const path: Vec3[] = Array.from({ length: samples }, (_, i) => {
      const t = (Math.PI * 2 * i) / samples;
      const r = major + minor * Math.cos(q * t);
      return [r * Math.cos(p * t), r * Math.sin(p * t), minor * lift * Math.sin(q * t)];
    });
    const pulse = random.chance(0.4) ? 0.25 : 0;
    const solid = tube(
      path,
      (t) => tubeR * (1 + pulse * Math.sin(t * Math.PI * 2 * q)),
      14 + random.int(0, 6),
      true,
    );
    return placeOnBed(solid);
  },
};
