import type { Random } from '@/lib/random';

import type { Point2 } from '../primitives';
import { merge, placeOnBed, type Solid } from '../solid';
import type { Family } from './family';
import { chamferedExtrude } from './mechanical-kit';

type Edge = { bulge: -1 | 0 | 1; shift: number; size: number };

/** The points of one edge from a to b (a excluded), with a knob (1), a socket (-1) or straight (0). */
function edgePoints(a: Point2, b: Point2, edge: Edge, side: number): Point2[] {
  const d: Point2 = [(b[0] - a[0]) / side, (b[1] - a[1]) / side];
  const n: Point2 = [d[1], -d[0]];
  const at = (u: number, w: number): Point2 => [a[0] + d[0] * u + n[0] * w, a[1] + d[1] * u + n[1] * w];
  if (edge.bulge === 0) return Array.from({ length: 8 }, (_, i) => at((side * (i + 1)) / 8, 0));
  const s = edge.bulge;
  const centre = side * (0.5 + edge.shift);
  const radius = side * edge.size;
  const lift = radius * 1.35;
  const points: Point2[] = [at(centre - radius * 0.85, 0)];
  const from = Math.PI + 0.75;
  const to = -0.75;
  const steps = 40;
  for (let i = 0; i <= steps; i++) {
    const angle = from + ((to - from) * i) / steps;
    points.push(at(centre + radius * Math.cos(angle), s * (lift + radius * Math.sin(angle))));
  }
  points.push(at(centre + radius * 0.85, 0), at(side * 0.93, 0), at(side, 0));
  return points;
}

/** Jigsaw puzzle pieces with knobs and sockets: one piece, or a small puzzle of 2×2 to 2×3 laid apart. */
export const puzzlePiece: Family = {
  name: 'puzzle-piece',
  words: ['puzzle piece', 'puzzle', 'jigsaw'],
  categories: ['puzzles', 'games', 'toy-and-game-accessories'],
  build(random: Random) {
    const side = 22 + random.next() * 28;
    const thickness = 2.5 + random.next() * 3.5;
    const [cols, rows] = random.pick([
      [1, 1],
      [2, 2],
      [3, 2],
      [2, 3],
      [1, 2],
    ] as const);
    const randomEdge = (): Edge => ({
      bulge: random.chance(0.5) ? 1 : -1,
      shift: (random.next() - 0.5) * 0.1,
      size: 0.12 + random.next() * 0.04,
    });
    const single = cols * rows === 1;
    // Shared edges: a piece's knob is its neighbour's socket.
    const vertical = Array.from({ length: rows }, () => Array.from({ length: cols + 1 }, randomEdge));
    const horizontal = Array.from({ length: rows + 1 }, () => Array.from({ length: cols }, randomEdge));
    const gap = side * 0.55;
    const bevel = thickness * (0.12 + random.next() * 0.1);
    const pieces: Solid[] = [];
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        const flip = (edge: Edge, outer: boolean, sign: 1 | -1): Edge =>
          outer && !single ? { ...edge, bulge: 0 } : { ...edge, bulge: (edge.bulge * sign) as -1 | 1 };
        const bottom = flip(horizontal[r]![c]!, r === 0, -1);
        const right = flip(vertical[r]![c + 1]!, c === cols - 1, 1);
        const top = flip(horizontal[r + 1]![c]!, r === rows - 1, 1);
        const left = flip(vertical[r]![c]!, c === 0, -1);
        const x = c * (side + gap);
        const y = r * (side + gap);
        const corners: Point2[] = [
          [x, y],
          [x + side, y],
          [x + side, y + side],
          [x, y + side],
        ];
        const outline: Point2[] = [];
        [bottom, right, top, left].forEach((edge, i) => {
          outline.push(...edgePoints(corners[i]!, corners[(i + 1) % 4]!, edge, side));
        });
        pieces.push(chamferedExtrude(outline, 0, thickness, bevel, bevel * 0.5));
      }
    return placeOnBed(merge(...pieces));
  },
};
