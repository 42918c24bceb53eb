import type { Random } from '@/lib/random';

import { merge, placeOnBed, translate, type Solid, type Vec3 } from '../solid';
import type { Family } from './family';
import { evenAngles, polarRing, polygonRadius, ringStack } from './mechanical-kit';

/**
 * A hex bolt standing on its head with ridges for a thread, beside its nut (and sometimes a washer):
 * three shells apart from one another.
 */
export const boltAndNut: Family = {
  name: 'bolt-and-nut',
  words: ['bolt', 'nut', 'screw', 'fastener', 'washer', 'thread', 'threaded', 'hex'],
  categories: ['parts', 'replacement-parts', 'diy', 'automotive'],
  build(random: Random) {
    const d = 6 + random.next() * 14;
    const r = d / 2;
    const across = d * (1.5 + random.next() * 0.2);
    const apothem = across / 2;
    const headH = d * (0.6 + random.next() * 0.15);
    const length = d * (2 + random.next() * 4);
    const pitch = d * (0.12 + random.next() * 0.05);
    const segments = 72;
    const angles = evenAngles(segments, Math.PI / 6);
    const hex = polygonRadius(6, apothem);
    const chamfer = Math.min(headH * 0.2, apothem * 0.1);
    const chamfered = (inset: number) => (a: number) => Math.min(hex(a), apothem * 1.1547 - inset);
    const thread = (depth: number) => (z: number) => {
      const phase = (((z / pitch) % 1) + 1) % 1;
      return r - depth * Math.abs(phase * 2 - 1);
    };
    const depth = pitch * 0.55;
    const shankEnd = headH + length * (random.chance(0.5) ? 0.35 : 0);
    // The bolt: chamfered hex head, a plain shank part, then thread ridges up to a chamfered tip.
    const rings: Vec3[][] = [
      polarRing(angles, chamfered(chamfer * 2), 0),
      polarRing(angles, hex, chamfer),
      polarRing(angles, hex, headH - chamfer),
      polarRing(angles, chamfered(chamfer * 2), headH),
      polarRing(angles, () => r, headH),
    ];
    if (shankEnd > headH) rings.push(polarRing(angles, () => r, shankEnd));
    const threadSteps = Math.floor((headH + length - shankEnd) / (pitch / 4));
    for (let i = 1; i <= threadSteps; i++) {
      const z = shankEnd + (i * pitch) / 4;
      rings.push(polarRing(angles, () => thread(depth)(z - shankEnd), z));
    }
    const tipZ = shankEnd + (threadSteps * pitch) / 4;
    rings.push(polarRing(angles, () => r - depth * 1.3, tipZ + depth * 0.8));
    const bolt = ringStack(rings, false);

    // The nut: a hex ring with a threaded hole, chamfered on both faces.
    const nutH = d * (0.8 + random.next() * 0.1);
    const holeRings: Vec3[][] = [];
    const holeSteps = Math.floor(nutH / (pitch / 4));
    for (let i = holeSteps; i >= 0; i--) {
      const z = (nutH * i) / holeSteps;
      holeRings.push(polarRing(angles, () => r - depth + depth * Math.abs(((z / pitch) % 1) * 2 - 1), z));
    }
    const nut = ringStack(
      [
        polarRing(angles, chamfered(chamfer * 2), 0),
        polarRing(angles, hex, chamfer),
        polarRing(angles, hex, nutH - chamfer),
        polarRing(angles, chamfered(chamfer * 2), nutH),
        ...holeRings.slice(0, -1),
        polarRing(angles, () => r - depth * 0.2, 0),
      ],
      true,
    );
    const parts: Solid[] = [bolt, translate(nut, across * 1.25 + 2, 0, 0)];
    if (random.chance(0.5)) {
      const washerR = across * 0.62;
      const washerH = d * 0.15;
      const washer = ringStack(
        [
          polarRing(angles, () => r * 1.08, 0),
          polarRing(angles, () => washerR, 0),
          polarRing(angles, () => washerR, washerH),
          polarRing(angles, () => r * 1.08, washerH),
        ],
        true,
      );
      parts.push(translate(washer, across * 0.3, across * 1.25 + 2, 0));
    }
    return placeOnBed(merge(...parts));
  },
};
