import type { Random } from '@/lib/random';

import { placeOnBed, rotate } from '../solid';
import type { Family } from './family';
import { reliefPlate } from './household-shapes';

/** How far a driver pushes the front back at `t` = distance from its centre / its radius: surround, cone, dust cap. */
function driverRecess(t: number, r: number): number {
  if (t > 1.1) return 0;
  if (t > 0.85) return r * 0.05 * Math.sin(((t - 0.85) / 0.25) * Math.PI) + r * 0.02;
  if (t > 0.3) return r * 0.04 + r * 0.26 * ((0.85 - t) / 0.55);
  return r * 0.3 - r * 0.2 * Math.sqrt(Math.max(0, 1 - (t / 0.3) ** 2));
}

/**
 * A bookshelf loudspeaker standing on its bottom: a cabinet whose front carries a tweeter and one or two
 * woofers (surround, cone, dust cap), and often a bass port. Built as a plate on its back whose top is
 * the front face, then stood up.
 */
export const speaker: Family = {
  name: 'speaker',
  words: ['speaker', 'loudspeaker', 'subwoofer', 'amplifier', 'amp', 'stereo', 'boombox', 'audio', 'hifi'],
  categories: ['audio', 'music', 'electronics'],
  build(random: Random) {
    const width = 90 + random.next() * 90;
    const height = width * (1 + random.next() * 1.2);
    const depth = width * (0.8 + random.next() * 0.4);
    const wooferR = width * (0.3 + random.next() * 0.08);
    const woofers = height > width * 1.9 ? 2 : 1;
    // Drivers on the front, in (x, up) with the middle of the front at 0.
    const drivers: { x: number; y: number; r: number }[] = [];
    let y = height / 2 - width * 0.22;
    drivers.push({ x: 0, y, r: width * 0.1 });
    for (let i = 0; i < woofers; i++) {
      y -= i === 0 ? width * 0.16 + wooferR : wooferR * 2.2;
      drivers.push({ x: 0, y: Math.max(y, -height / 2 + wooferR * 1.3), r: wooferR });
    }
    const port = random.chance(0.6) ? { x: 0, y: -height / 2 + width * 0.1, r: width * 0.055 } : null;
    const bevel = width * (0.015 + random.next() * 0.03);
    const top = (x: number, v: number) => {
      let recess = 0;
      for (const d of drivers)
        recess = Math.max(recess, driverRecess(Math.hypot(x - d.x, v - d.y) / d.r, d.r));
      if (port)
        recess = Math.max(
          recess,
          depth *
            0.3 *
            Math.min(1, Math.max(0, (port.r - Math.hypot(x - port.x, v - port.y)) / (port.r * 0.15))),
        );
      // A bevel round the front's edge.
      const edge = Math.min(width / 2 - Math.abs(x), height / 2 - Math.abs(v));
      recess = Math.max(recess, Math.max(0, bevel - edge));
      return depth - recess;
    };
    // The rectangle's edge seen from its centre.
    const edge = (angle: number) =>
      Math.min(width / 2 / Math.abs(Math.cos(angle) || 1e-9), height / 2 / Math.abs(Math.sin(angle) || 1e-9));
    const rings = 64 + random.int(0, 8);
    const plate = reliefPlate(edge, top, rings, 200);
    return placeOnBed(rotate(plate, 'x', Math.PI / 2));
  },
};
