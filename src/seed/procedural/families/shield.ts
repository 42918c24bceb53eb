import type { Random } from '@/lib/random';

import { placeOnBed, type Vec3 } from '../solid';
import type { Family } from './family';
import { evenAngles, ringStack } from './mechanical-kit';

const tau = Math.PI * 2;

/** Outline radius at angle a (y up the shield): round, heater (flat top, pointed foot) or kite. */
function outlineRadius(kind: 'round' | 'heater' | 'kite', w: number, h: number): (a: number) => number {
  if (kind === 'round') return () => w / 2;
  // A polar sampling of a convex outline given as a polygon-like boundary: cast a ray and intersect.
  const boundary = (a: number) => {
    const c = Math.cos(a);
    const s = Math.sin(a);
    let best = Infinity;
    const top = kind === 'heater' ? h * 0.42 : h * 0.3;
    if (s > 1e-6) best = Math.min(best, top / s);
    // The sides: a curve from the top corners down to the foot, approximated by the ellipse below.
    const sideW = w / 2;
    const footDepth = h - top;
    const ex = sideW;
    const ey = footDepth;
    if (s <= 1e-6 || kind === 'kite') {
      // Ellipse (x/ex)² + (y/ey)² = 1 for the lower part, sharpened by a power towards the foot.
      const p = kind === 'kite' ? 1.4 : 1.7;
      const r = (Math.abs(c / ex) ** p + Math.abs(s / ey) ** p) ** (-1 / p);
      best = Math.min(best, r);
    }
    if (s > 1e-6 && kind === 'heater')
      best = Math.min(best, Math.abs(c) > 1e-6 ? sideW / Math.abs(c) : Infinity);
    return best;
  };
  return boundary;
}

/**
 * A shield lying face up: a domed body (round, heater or kite outline) with a raised rim and a central
 * boss or a raised cross, as a stack of outline rings scaled towards the centre.
 */
export const shield: Family = {
  name: 'shield',
  words: ['shield', 'buckler', 'aegis', 'heraldic', 'crest'],
  categories: ['shield', 'props', 'costume'],
  build(random: Random) {
    const kind = random.pick(['round', 'round', 'heater', 'kite'] as const);
    const w = 140 + random.next() * 160;
    const h = kind === 'round' ? w : w * (1.2 + random.next() * 0.35);
    const radius = outlineRadius(kind, w, h);
    const thickness = 4 + random.next() * 3;
    const dome = w * (0.05 + random.next() * 0.08);
    const rim = 0.92 - random.next() * 0.04;
    const rimHeight = 2 + random.next() * 2.5;
    const boss = kind === 'round' || random.chance(0.4);
    const bossR = 0.16 + random.next() * 0.08;
    const bossH = w * (0.06 + random.next() * 0.05);
    const cross = !boss || random.chance(0.3);
    const crossW = 0.07 + random.next() * 0.04;
    const rivets = kind === 'round' && random.chance(0.7) ? random.int(8, 16) : 0;
    const angles = evenAngles(kind === 'round' ? 112 : 128, tau / 4);
    // Height of the face at scale s (0 centre .. 1 edge) and angle a.
    const surface = (s: number, a: number) => {
      let z = dome * (1 - s * s) + thickness;
      if (s > rim) z += rimHeight * Math.min(1, (s - rim) / 0.015) * Math.min(1, (1 - s) / 0.015 + 0.35);
      if (boss && s < bossR) z += bossH * Math.sqrt(Math.max(0, 1 - (s / bossR) ** 2));
      if (cross) {
        const x = s * Math.cos(a);
        const y = s * Math.sin(a);
        const arm = Math.min(Math.abs(x), Math.abs(y - 0.1));
        if (s < rim) z += 2.2 * Math.max(0, Math.min(1, (crossW - arm) / 0.012));
      }
      if (rivets > 0 && Math.abs(s - (rim - 0.05)) < 0.03) {
        const phase = Math.cos(rivets * a);
        z += 3.5 * Math.max(0, phase - 0.85) * 6.7 * Math.max(0, 1 - Math.abs(s - (rim - 0.05)) / 0.03);
      }
      return z;
    };
    const under = (s: number) => dome * (1 - s * s) - 0.5 * dome * (1 - s);
    const ring = (s: number, z: (a: number) => number): Vec3[] =>
      angles.map((a) => {
        const r = radius(a) * s;
        return [r * Math.cos(a), r * Math.sin(a), z(a)];
      });
    const rings: Vec3[][] = [];
    const steps = 44;
    for (let i = 1; i <= steps; i++) {
      const s = i / steps;
      rings.push(ring(s, () => under(s)));
    }
    for (let i = steps; i >= 1; i--) {
      const s = i / steps;
      rings.push(ring(s, (a) => surface(s, a)));
    }
    return placeOnBed(ringStack(rings, false));
  },
};
