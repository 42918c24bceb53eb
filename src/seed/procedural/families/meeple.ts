import type { Random } from '@/lib/random';

import type { Point2 } from '../primitives';
import { merge, placeOnBed, rotate, translate, type Solid } from '../solid';
import type { Family } from './family';
import { chamferedExtrude, filletPolygon } from './mechanical-kit';

/** The meeple's outline, counter-clockwise, about 12 units tall, with a little variation of its pose. */
function meepleOutline(random: Random): Point2[] {
  const spread = 4.2 + random.next() * 1;
  const arm = 5.6 + random.next() * 0.8;
  const armLift = random.next() * 0.8;
  const head = 2.2 + random.next() * 0.5;
  const right: Point2[] = [
    [1, 0],
    [spread, 0],
    [3.1, 4.6],
    [arm, 6.2 + armLift],
    [arm - 0.4, 8.2 + armLift],
    [2.2, 8.4],
  ];
  const neckY = 8.9;
  const headY = neckY + head * 0.85;
  const headPoints: Point2[] = [];
  const start = Math.asin((neckY - headY) / head);
  for (let i = 0; i <= 24; i++) {
    const a = start + ((Math.PI - 2 * start) * i) / 24;
    headPoints.push([head * Math.cos(a), headY + head * Math.sin(a)]);
  }
  const left = right.map(([x, y]): Point2 => [-x, y]).reverse();
  return [[0, 3.2], ...right, ...headPoints.slice(0, -1), ...left];
}

/** Meeples: board game pieces standing in a row, one to four, extruded with chamfered edges. */
export const meeple: Family = {
  name: 'meeple',
  words: ['meeple', 'meeples', 'carcassonne', 'game piece'],
  categories: ['board-games', 'toy-and-game-accessories'],
  build(random: Random) {
    const count = random.pick([1, 1, 2, 3, 4]);
    const height = 16 + random.next() * 18;
    const unit = height / 12;
    const thickness = height * (0.3 + random.next() * 0.15);
    const pieces: Solid[] = [];
    for (let i = 0; i < count; i++) {
      // Corners rounded wider than the chamfer, so the chamfer's inset outline does not fold.
      const chamfer = Math.min(1.2, thickness * 0.1);
      const fillet = Math.max(0.45, (chamfer * 1.8) / unit);
      const outline = filletPolygon(meepleOutline(random), fillet, 8).map(([x, y]): Point2 => [
        x * unit,
        y * unit,
      ]);
      const piece = rotate(chamferedExtrude(outline, 0, thickness, chamfer, chamfer), 'x', Math.PI / 2);
      pieces.push(translate(piece, i * unit * 13, 0, 0));
    }
    return placeOnBed(merge(...pieces));
  },
};
