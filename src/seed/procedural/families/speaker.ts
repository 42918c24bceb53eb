import type { Random } from '@/lib/random';

import { placeOnBed, rotate, translate } from '../solid';
import type { Family } from './family';
import { reliefPlate } from './household-shapes';

/** How far a driver pushes the front back at `t` = distance from its centre / its radius: surround, cone, dust cap. */
function driverRecess(t: number, r: number): number {
  if (t > 1.1) return 0;
  // Continuous from the rim in (steps would stand as walls across one grid cell).
  if (t > 0.85) return (r * 0.04 * (1.1 - t)) / 0.25 + r * 0.04 * Math.sin(((t - 0.85) / 0.25) * Math.PI);
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
    const woofers = height > width * 1.9 ? 2 : 1;
    const hasPort = random.chance(0.6);
    // Drivers on the front, in (x, up) with the middle of the front at 0: the tweeter on top, the
    // woofers in the room left below it (above the port), apart from one another and from the edges.
    const tweeter = { x: 0, y: height / 2 - width * 0.22, r: width * 0.1 };
    const roomTop = tweeter.y - tweeter.r * 1.3;
    const roomBottom = -height / 2 + width * (hasPort ? 0.2 : 0.06);
    const wooferR = Math.min(width * (0.3 + random.next() * 0.08), (roomTop - roomBottom) / (2.4 * woofers));
    const drivers = [tweeter];
    for (let i = 0; i < woofers; i++)
      drivers.push({ x: 0, y: roomTop - ((roomTop - roomBottom) * (i + 0.5)) / woofers, r: wooferR });
    const port = hasPort ? { x: 0, y: -height / 2 + width * 0.1, r: width * 0.055 } : null;
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
            Math.min(1, Math.max(0, (port.r - Math.hypot(x - port.x, v - port.y)) / (port.r * 0.4))),
        );
      // A bevel round the front's edge.
      const edge = Math.min(width / 2 - Math.abs(x), height / 2 - Math.abs(v));
      recess = Math.max(recess, Math.max(0, bevel - edge));
      return depth - recess;
    };
    // The polar grid is centred on the (first) woofer, so its rings follow the cone's circles.
    const cx = drivers[1]!.x,
      cy = drivers[1]!.y;
    const edge = (angle: number) => {
      const c = Math.cos(angle),
        s = Math.sin(angle);
      const toX = c > 1e-9 ? (width / 2 - cx) / c : c < -1e-9 ? (-width / 2 - cx) / c : Infinity;
      const toY = s > 1e-9 ? (height / 2 - cy) / s : s < -1e-9 ? (-height / 2 - cy) / s : Infinity;
      return Math.min(toX, toY);
    };
    const rings = 52 + random.int(0, 6);
    const plate = translate(
      reliefPlate(edge, (x, v) => top(x + cx, v + cy), rings, 192),
      cx,
      cy,
      0,
    );
    return placeOnBed(rotate(plate, 'x', Math.PI / 2));
  },
};
