import type { Random } from '@/lib/random';

import { placeOnBed, type Vec3 } from '../solid';
import type { Family } from './family';
import { evenAngles, polarRing, polygonRadius, ringStack } from './mechanical-kit';

/**
 * A knob standing on its face with the shaft hole underneath: fluted control knob, lobed clamping knob,
 * knurled thumb knob or a round shift knob on a neck.
 */
export const knob: Family = {
  name: 'knob',
  words: ['knob', 'dial', 'pull', 'grip', 'thumbscrew', 'shifter', 'shift'],
  categories: ['replacement-parts', 'automotive', 'household-supplies'],
  build(random: Random) {
    const kind = random.pick(['fluted', 'lobed', 'knurled', 'shift'] as const);
    const radius = kind === 'shift' ? 18 + random.next() * 10 : 10 + random.next() * 18;
    const height =
      kind === 'shift' ? radius * (2.4 + random.next() * 0.8) : radius * (0.6 + random.next() * 0.7);
    const lobes = kind === 'lobed' ? random.int(3, 7) : kind === 'fluted' ? random.int(12, 28) : 60;
    const depth =
      kind === 'lobed' ? 0.3 + random.next() * 0.15 : kind === 'fluted' ? 0.05 + random.next() * 0.05 : 0.025;
    const segments = kind === 'knurled' ? 240 : Math.max(96, lobes * 12);
    const angles = evenAngles(segments);
    const shape = (a: number) => {
      const wave = 0.5 + 0.5 * Math.cos(lobes * a);
      if (kind === 'lobed') return 1 - depth * (1 - wave ** 0.6);
      if (kind === 'knurled') return 1 - depth * Math.abs(Math.cos((lobes * a) / 2));
      if (kind === 'shift') return 1;
      return 1 - depth * (1 - wave) ** 2;
    };
    const holeR = Math.min(2 + random.next() * 2.5, (radius * (1 - depth) * 0.5) / 1.62);
    const holeKind = random.pick(['d', 'round', 'hex'] as const);
    const hole =
      holeKind === 'hex'
        ? polygonRadius(6, holeR * 1.4)
        : holeKind === 'd'
          ? (a: number) => {
              const c = Math.cos(a);
              return c > 1e-6 ? Math.min(holeR, (holeR * 0.7) / c) : holeR;
            }
          : () => holeR;
    const holeDepth = Math.min(height * 0.6, 6 + random.next() * 8);
    const rings: Vec3[][] = [polarRing(angles, hole, holeDepth), polarRing(angles, hole, 0)];
    const grip = (r: number, z: number) => polarRing(angles, (a) => r * shape(a), z);
    if (kind === 'shift') {
      // A neck rising into a ball.
      const neck = holeR * 2.2;
      const ballZ = height - radius;
      const start = -Math.acos(Math.min(0.9, (neck * 1.05) / radius));
      rings.push(
        polarRing(angles, () => neck * 1.3, 0),
        polarRing(angles, () => neck * 1.1, 2),
      );
      rings.push(polarRing(angles, () => neck, ballZ + radius * Math.sin(start) - 0.5));
      for (let i = 0; i < 14; i++) {
        const phi = start + ((Math.PI / 2 - start) * i) / 14;
        rings.push(polarRing(angles, () => radius * Math.cos(phi), ballZ + radius * Math.sin(phi)));
      }
    } else {
      const skirt = radius * (1 + random.next() * 0.12);
      const crown = random.next() * 0.5;
      rings.push(grip(skirt * 0.97, 0), grip(skirt, height * 0.06), grip(radius, height * 0.18));
      rings.push(grip(radius * (1 - crown * 0.2), height * 0.88));
      const dome = height * (0.06 + crown * 0.12);
      for (let i = 1; i <= 5; i++) {
        const t = i / 5;
        rings.push(
          grip(
            radius * (1 - crown * 0.2) * Math.cos((t * Math.PI) / 2.4),
            height * 0.88 + dome * Math.sin((t * Math.PI) / 2),
          ),
        );
      }
    }
    return placeOnBed(ringStack(rings, false));
  },
};
