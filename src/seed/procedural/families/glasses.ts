import type { Random } from '@/lib/random';

import type { Point2 } from '../primitives';
import { capsuleSdf, polygonize, type Sdf } from '../sdf';
import { placeOnBed } from '../solid';
import type { Family } from './family';
import { polygonDistance } from './household-shapes';

type Style = 'round' | 'rectangular' | 'cat-eye' | 'aviator';

/** A lens outline (width w, height h) centred on the origin, as a polygon. */
function lensOutline(style: Style, w: number, h: number): Point2[] {
  return Array.from({ length: 40 }, (_, i) => {
    const a = (Math.PI * 2 * i) / 40;
    const c = Math.cos(a),
      s = Math.sin(a);
    if (style === 'round') return [(w / 2) * c, (h / 2) * s];
    // Superellipses: rounded rectangles; the cat-eye lifts its outer top corner, the aviator drops its inner bottom.
    const p = style === 'rectangular' ? 0.45 : 0.6;
    let x = (w / 2) * Math.sign(c) * Math.abs(c) ** p;
    let y = (h / 2) * Math.sign(s) * Math.abs(s) ** p;
    if (style === 'cat-eye' && y > 0) y += h * 0.25 * Math.max(0, c) ** 3;
    if (style === 'aviator' && y < 0) {
      y *= 1.25 - 0.35 * c;
      x *= 1 - 0.08 * Math.max(0, -c);
    }
    return [x, y];
  });
}

/**
 * A pair of spectacles standing on the lens rims and temple tips: round, rectangular, cat-eye or aviator
 * rims, a bridge, and two temples running back from the hinges and bending down at the ends.
 */
export const glasses: Family = {
  name: 'glasses',
  words: ['glasses', 'spectacles', 'sunglasses', 'eyeglasses', 'goggles', 'shades'],
  categories: ['glasses', 'costume', 'accessories'],
  build(random: Random) {
    const style = random.pick<Style>(['round', 'rectangular', 'cat-eye', 'aviator']);
    const lensW = 44 + random.next() * 12;
    const lensH =
      style === 'round' ? lensW * (0.85 + random.next() * 0.15) : lensW * (0.6 + random.next() * 0.2);
    const rim = 2.6 + random.next() * 2;
    const depth = 3 + random.next() * 1.5;
    const bridge = 14 + random.next() * 8;
    const cx = bridge / 2 + lensW / 2;
    const zc = lensH * 0.65 + rim;
    const lens = polygonDistance(lensOutline(style, lensW, lensH));
    const hingeX = cx + lensW / 2 + 2;
    const hingeZ = zc + lensH * 0.25;
    const bridgeZ = zc + lensH * (0.15 + random.next() * 0.2);
    const double = style === 'aviator' || random.chance(0.2);
    const front2d = (x: number, z: number) => {
      const ax = Math.abs(x);
      let d = Math.abs(lens(ax - cx, z - zc)) - rim / 2;
      // The bridge: an arc over the nose, and for some a straight brow bar above it.
      const arcZ = bridgeZ - bridge * 0.6;
      const arc = Math.max(Math.abs(Math.hypot(ax, z - arcZ) - bridge * 0.6) - rim * 0.4, arcZ - z);
      d = Math.min(d, ax < bridge / 2 + rim ? arc : Infinity);
      if (double) d = Math.min(d, Math.max(ax - cx, Math.abs(z - (zc + lensH * 0.42)) - rim * 0.35));
      // The end pieces carrying the hinges.
      d = Math.min(d, Math.max(Math.abs(ax - (hingeX - 3)) - 3.2, Math.abs(z - hingeZ) - rim * 0.6));
      return d;
    };
    const front: Sdf = (x, y, z) => {
      const d2 = front2d(x, z);
      const h = Math.abs(y) - depth / 2;
      return Math.min(Math.max(d2, h), 0) + Math.hypot(Math.max(d2, 0), Math.max(h, 0));
    };
    const templeL = 120 + random.next() * 25;
    const bend = templeL * (0.72 + random.next() * 0.1);
    const splay = 4 + random.next() * 6;
    const tr = 1.5 + random.next() * 0.6;
    const temple = (side: number): Sdf => {
      const a: [number, number, number] = [side * hingeX, 0, hingeZ];
      const b: [number, number, number] = [side * (hingeX + splay), bend, hingeZ + 2];
      const c: [number, number, number] = [side * (hingeX + splay * 0.7), templeL, tr];
      const first = capsuleSdf(a, b, tr, tr * 0.9);
      const second = capsuleSdf(b, c, tr * 0.9, tr * 1.2);
      return (x, y, z) => Math.min(first(x, y, z), second(x, y, z));
    };
    const left = temple(-1),
      right = temple(1);
    const shape: Sdf = (x, y, z) => {
      const f = y < depth + 2 ? front(x, y, z) : Infinity;
      const t = x < 0 ? left(x, y, z) : right(x, y, z);
      return Math.min(f, t);
    };
    const halfX = hingeX + splay + tr + 2;
    const top = zc + lensH * 0.8 + rim;
    const cell = (halfX * 2) / (88 + random.int(0, 8));
    return placeOnBed(polygonize(shape, [-halfX, -depth, 0], [halfX, templeL + tr * 2, top], cell));
  },
};
