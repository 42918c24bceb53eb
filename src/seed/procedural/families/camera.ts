import type { Random } from '@/lib/random';

import type { Point2 } from '../primitives';
import { placeOnBed, rotate } from '../solid';
import type { Family } from './family';
import { circle, filletPolygon, PlateSolid, roundedRect } from './mechanical-kit';

/**
 * The body's front silhouette (x across, y up), counter-clockwise: a box with, on top, a prism hump over
 * the lens (an SLR) and a shutter button and dial as small bumps.
 */
function silhouette(w: number, h: number, hump: number, humpX: number, button: number): Point2[] {
  const points: Point2[] = [
    [-w / 2, 0],
    [w / 2, 0],
    [w / 2, h],
  ];
  const bump = (x0: number, x1: number, height: number, slope: number) => {
    points.push([x1 + slope, h], [x1, h + height], [x0, h + height], [x0 - slope, h]);
  };
  bump(w * 0.26, w * 0.36, button, button * 0.2);
  if (hump > 0) bump(humpX - w * 0.12, humpX + w * 0.12, hump, hump * 0.6);
  bump(-w * 0.38, -w * 0.24, button * 1.3, 0.01);
  points.push([-w / 2, h]);
  return points;
}

/** A camera facing -y: body, hand grip, a stepped lens barrel with a recessed glass, an SLR hump or a flash. */
export const camera: Family = {
  name: 'camera',
  words: ['camera', 'dslr', 'slr', 'mirrorless', 'polaroid', 'camcorder', 'webcam', 'lens'],
  categories: ['camera', 'electronics'],
  build(random: Random) {
    const slr = random.chance(0.6);
    const w = 90 + random.next() * 45;
    const h = w * (0.5 + random.next() * 0.12);
    const depth = w * (slr ? 0.28 + random.next() * 0.08 : 0.2 + random.next() * 0.06);
    const lensR = h * (slr ? 0.36 + random.next() * 0.06 : 0.26 + random.next() * 0.08);
    const lensX = slr ? -w * 0.04 : w * (0.04 - random.next() * 0.12);
    const lensY = h * 0.46;
    const lensL = slr ? lensR * (0.9 + random.next() * 1.3) : lensR * (0.35 + random.next() * 0.4);
    const hump = slr ? h * (0.2 + random.next() * 0.12) : 0;
    const outline = filletPolygon(silhouette(w, h, hump, lensX, w * 0.035), w * 0.05, 8);
    const plate = new PlateSolid();
    const back = plate.ring(outline, 0);
    const front = plate.ring(outline, depth);
    plate.wall(back, front);
    plate.face(back, [], false);
    // The lens: a lathe-like profile of (radius, forward) steps from the body's front.
    const profile: [number, number][] = [[lensR, 0]];
    const rings = random.int(1, 3);
    let z = 0;
    for (let i = 0; i < rings; i++) {
      z += (lensL * 0.7) / rings;
      profile.push([lensR, z], [lensR * (1.06 + 0.04 * i), z], [lensR * (1.06 + 0.04 * i), z + lensL * 0.06]);
      profile.push([lensR, z + lensL * 0.06]);
      z += lensL * 0.06;
    }
    profile.push([lensR, lensL * 0.9], [lensR * 1.08, lensL * 0.9], [lensR * 1.08, lensL]);
    const lensBase = plate.ring(circle(lensR, 72, lensX, lensY), depth);
    let previous = lensBase;
    let previousR = lensR;
    let previousZ = 0;
    for (const [r, dz] of profile.slice(1)) {
      const next = plate.ring(circle(r, 72, lensX, lensY), depth + dz);
      if (r === previousR) plate.wall(previous, next);
      else if (r > previousR) plate.face(next, [previous], false);
      else plate.face(previous, [next], true);
      previous = next;
      previousR = r;
      previousZ = dz;
    }
    // The front glass, recessed inside the front ring.
    const glassR = lensR * 0.82;
    const rim = plate.ring(circle(glassR, 72, lensX, lensY), depth + previousZ);
    const glass = plate.ring(circle(glassR, 72, lensX, lensY), depth + previousZ - lensL * 0.08);
    plate.face(previous, [rim], true);
    plate.wall(glass, rim, true);
    plate.face(glass, [], true);
    // The grip on the right, and a flash window on a compact.
    const gripW = w * (0.13 + random.next() * 0.05);
    const gripOutline = roundedRect(gripW, h * 0.86, gripW * 0.45, 8, w / 2 - gripW / 2 - w * 0.03, h * 0.46);
    const gripBase = plate.ring(gripOutline, depth);
    const gripTop = plate.ring(gripOutline, depth + gripW * (0.35 + random.next() * 0.2));
    plate.wall(gripBase, gripTop);
    plate.face(gripTop, [], true);
    const holes = [lensBase, gripBase];
    if (!slr) {
      const flash = roundedRect(w * 0.16, h * 0.14, 1.5, 4, -w * 0.3, h * 0.8);
      const flashBase = plate.ring(flash, depth);
      const flashTop = plate.ring(flash, depth + 1.5);
      plate.wall(flashBase, flashTop);
      plate.face(flashTop, [], true);
      holes.push(flashBase);
    }
    plate.face(front, holes, true);
    // Built with depth along z; stand it up with the lens towards -y.
    return placeOnBed(rotate(plate.build(), 'x', Math.PI / 2));
  },
};
