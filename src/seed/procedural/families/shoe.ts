import type { Random } from '@/lib/random';

import { capsuleSdf, ellipsoidSdf, polygonize, type Sdf, smoothUnion } from '../sdf';
import { placeOnBed } from '../solid';
import type { Family } from './family';

/**
 * A shoe: a sole on a footprint outline (a raised heel for boots), and a blended upper with a toe box, a
 * heel counter and the opening for the foot; a low sneaker, a high-top or an ankle boot.
 */
export const shoe: Family = {
  name: 'shoe',
  words: ['shoe', 'shoes', 'sneaker', 'sneakers', 'boot', 'boots', 'trainer', 'footwear', 'slipper'],
  categories: ['shoes', 'costume', 'accessories', 'sports-and-outdoors'],
  build(random: Random) {
    const kind = random.pick(['sneaker', 'sneaker', 'high-top', 'boot'] as const);
    const length = 150 + random.next() * 120;
    const u = length / 10;
    const sole = u * (0.5 + random.next() * 0.4);
    const heelLift = kind === 'boot' ? u * (0.3 + random.next() * 0.4) : 0;
    const width = 1 + random.next() * 0.2;
    // The footprint: heel, ball and toe circles blended (x along the foot, heel at 0).
    const circle = (cx: number, cy: number, r: number) => (x: number, y: number) =>
      Math.hypot(x - cx, y - cy) - r;
    const heel = circle(1.8 * u, 0, 1.5 * u * width);
    const ball = circle(6.7 * u, 0.15 * u, 1.9 * u * width);
    const toe = circle(8.4 * u, 0.05 * u, 1.5 * u * width);
    const blend = (a: number, b: number, k: number) => {
      const h = Math.min(1, Math.max(0, 0.5 + (0.5 * (b - a)) / k));
      return b + (a - b) * h - k * h * (1 - h);
    };
    const footprint = (x: number, y: number) =>
      blend(blend(heel(x, y), ball(x, y), 3 * u), toe(x, y), 1.5 * u);
    const soleTop = (x: number) => sole + (heelLift * Math.max(0, 4 * u - x)) / (4 * u);
    const edgeR = sole * 0.3;
    const soleSdf: Sdf = (x, y, z) => {
      // Rounded edges (by `edgeR`): sharp ones alias on the sampling grid.
      const d2 = footprint(x, y) + edgeR;
      const h = Math.max(-z, z - soleTop(x)) + edgeR;
      return Math.min(Math.max(d2, h), 0) + Math.hypot(Math.max(d2, 0), Math.max(h, 0)) - edgeR;
    };
    const top = sole + heelLift;
    const collar = kind === 'sneaker' ? 2.2 * u : kind === 'high-top' ? 4.6 * u : 6 * u;
    const upper = smoothUnion(
      1.2 * u,
      ellipsoidSdf(2 * u, 0, top + 1 * u, 2 * u, 1.35 * u * width, 1.3 * u),
      ellipsoidSdf(5.4 * u, 0.1 * u, sole + 1 * u, 3 * u, 1.7 * u * width, 1.4 * u),
      ellipsoidSdf(7.9 * u, 0.05 * u, sole + 0.45 * u, 1.9 * u, 1.45 * u * width, 0.85 * u),
      capsuleSdf(
        [2.4 * u, 0, top + u],
        [2.2 * u, 0, top + collar - 0.8 * u],
        1.35 * u * width,
        1.3 * u * width,
      ),
    );
    // The opening for the foot, and the tongue left standing in front of it.
    const opening = ellipsoidSdf(
      2.6 * u,
      0,
      top + collar - 0.1 * u,
      1.2 * u * width,
      0.95 * u * width,
      1.6 * u,
    );
    const tongue = capsuleSdf([4.4 * u, 0, sole + 1.5 * u], [3.5 * u, 0, top + collar - 0.2 * u], 0.5 * u);
    const shape: Sdf = (x, y, z) => {
      const body = Math.max(Math.min(upper(x, y, z), tongue(x, y, z)), -opening(x, y, z), sole * 0.5 - z);
      return Math.min(soleSdf(x, y, z), body);
    };
    const cell = length / (60 + random.int(0, 6));
    return placeOnBed(
      polygonize(shape, [-0.2 * u, -2.3 * u, 0], [10.2 * u, 2.4 * u, top + collar + u], cell),
    );
  },
};
