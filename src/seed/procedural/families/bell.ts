import type { Random } from '@/lib/random';

import { lathe, type Point2 } from '../primitives';
import { placeOnBed } from '../solid';
import type { Family } from './family';

/**
 * A bell standing on its mouth: a hand bell with a turned handle, or a desk (service) bell whose dome sits
 * on a post over a round base, with the plunger on top. Hollow, in one turned piece.
 */
export const bell: Family = {
  name: 'bell',
  words: ['bell', 'handbell', 'chime', 'gong', 'jingle'],
  categories: ['music', 'decor', 'household-supplies'],
  build(random: Random) {
    const desk = random.chance(0.35);
    const mouth = desk ? 35 + random.next() * 15 : 25 + random.next() * 25;
    const height = mouth * (desk ? 0.75 : 1.1 + random.next() * 0.4);
    const wall = 2.2 + random.next() * 1.5;
    const flare = 0.03 + random.next() * 0.05;
    const waist = 0.55 + random.next() * 0.12;
    // The outer radius from the mouth (t = 0) to the crown (t = 1).
    const radiusAt = (t: number) =>
      desk
        ? mouth * Math.cos((t * Math.PI) / 2) ** 0.55
        : mouth *
          (waist * (1 - 0.45 * Math.max(0, (t - 0.75) / 0.25) ** 2) +
            (1 - waist) * (1 - t) ** 3 +
            flare * Math.exp(-((t / 0.05) ** 2)));
    const steps = 28;
    const base = desk ? 10 + random.next() * 4 : 0;
    const lift = desk ? base + 6 + random.next() * 6 : 0;
    const profile: Point2[] = [];
    if (desk) {
      const baseR = mouth * (1.1 + random.next() * 0.2);
      profile.push(
        [0, 0],
        [baseR, 0],
        [baseR, base * 0.6],
        [baseR - base * 0.4, base],
        [6, base],
        [6, lift + height * 0.85 - wall],
      );
    } else profile.push([0, height - wall]);
    // The inside from the crown down to the mouth, then the outside back up.
    for (let i = steps; i >= 0; i--) {
      const t = i / steps;
      if (i === steps) continue;
      // Below the crown's underside only, so the inside keeps going down.
      if (height * t * (desk ? 0.85 : 1) >= height * (desk ? 0.85 : 1) - wall - 0.3) continue;
      profile.push([
        Math.max(radiusAt(t) - wall, desk ? 6.5 : 0.5),
        lift + height * t * (desk ? 0.85 : 1) - (i === steps ? wall : 0),
      ]);
    }
    profile.push([radiusAt(0) + 0.5, lift]);
    for (let i = 1; i <= steps; i++) {
      const t = i / steps;
      profile.push([
        Math.max(radiusAt(t), 3),
        lift + height * t * (desk ? 0.85 : 1) + (i === steps && desk ? 0 : 0),
      ]);
    }
    const crown = profile.at(-1)![1];
    if (desk) {
      profile.push([3, crown + 1], [2, crown + 5], [5, crown + 6], [5, crown + 9], [0, crown + 10]);
    } else {
      const handleH = mouth * (0.9 + random.next() * 0.9);
      const knobR = mouth * (0.14 + random.next() * 0.06);
      const grip = mouth * (0.08 + random.next() * 0.04);
      for (let i = 0; i <= 12; i++) {
        const t = i / 12;
        profile.push([
          grip * (1 + 0.5 * Math.exp(-(((t - 0.1) / 0.08) ** 2)) + 0.25 * Math.sin(Math.PI * t)),
          crown + handleH * 0.75 * t + 1,
        ]);
      }
      const knobZ = crown + handleH * 0.75 + 1 + knobR;
      for (let i = 1; i <= 8; i++) {
        const a = -Math.PI / 2 + (Math.PI * i) / 8;
        profile.push([i === 8 ? 0 : Math.max(0.5, knobR * Math.cos(a)), knobZ + knobR * Math.sin(a)]);
      }
    }
    return placeOnBed(lathe(profile, 64 + random.int(0, 4) * 8));
  },
};
