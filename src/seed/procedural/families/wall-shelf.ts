import type { Random } from '@/lib/random';

import { boxSdf, polygonize, type Sdf } from '../sdf';
import { placeOnBed, scale } from '../solid';
import type { Family } from './family';

/**
 * A wall shelf as mounted: a back plate with screw holes, a board, and two or three brackets below
 * (plain or scooped gussets), sometimes a rail along the front or a hanging rod underneath.
 */
export const wallShelf: Family = {
  name: 'wall-shelf',
  words: ['shelf', 'shelves', 'ledge', 'wall shelf'],
  categories: ['organization', 'household-supplies', 'interior', 'bathroom', 'decor', 'furniture'],
  build(random: Random) {
    const width = 160 + random.next() * 160;
    const depth = 60 + random.next() * 60;
    const board = 8 + random.next() * 8;
    const back = 6 + random.next() * 4;
    const plateH = 60 + random.next() * 60;
    const boardZ = plateH - board;
    const bracketH = Math.min(plateH - board - 4, depth * (0.7 + random.next() * 0.3));
    const bracketD = depth * (0.75 + random.next() * 0.2);
    const bracketT = 8 + random.next() * 6;
    const brackets = width > 240 && random.chance(0.5) ? 3 : 2;
    const inset = width * (0.12 + random.next() * 0.08);
    const scooped = random.chance(0.5);
    const rail = random.chance(0.4);
    const rod = !rail && random.chance(0.4);
    const round = 1.5;
    const parts: Sdf[] = [
      boxSdf(0, back / 2, plateH / 2, width / 2, back / 2, plateH / 2, round),
      boxSdf(0, depth / 2, boardZ + board / 2, width / 2, depth / 2, board / 2, round),
    ];
    if (rail) parts.push(boxSdf(0, depth - 3, boardZ + board + 6, width / 2, 3, 7, round));
    const xs = Array.from(
      { length: brackets },
      (_, i) => -width / 2 + inset + ((width - 2 * inset) * i) / (brackets - 1),
    );
    const bracket: Sdf = (x, y, z) => {
      let nearest = Infinity;
      for (const bx of xs) nearest = Math.min(nearest, Math.abs(x - bx));
      const u = (y - back) / bracketD,
        v = (boardZ - z) / bracketH;
      // A gusset in the corner under the board: a triangle, or a brace with a scooped quarter circle.
      const brace = scooped ? 1.25 - Math.hypot(1.2 - u, 1.2 - v) : u + v - 1;
      const scale = Math.min(bracketD, bracketH) * 0.7;
      return Math.max(
        nearest - bracketT / 2,
        back - 0.5 - y,
        z - boardZ - 0.5,
        brace * scale,
        (u - 1) * bracketD,
        (v - 1) * bracketH,
      );
    };
    parts.push(bracket);
    if (rod) {
      const rodY = depth * 0.6;
      const rodZ = boardZ - 14;
      parts.push(
        (x, y, z) =>
          Math.hypot(y - rodY, z - rodZ) - 5 + Math.max(0, Math.abs(x) - (width / 2 - inset * 0.6)) * 10,
      );
      for (const sx of [-1, 1])
        parts.push(boxSdf(sx * (width / 2 - inset * 0.6), rodY, rodZ + 8, 3, 6, 9, 1));
    }
    const screw = (x: number, y: number, z: number) => {
      let d = Infinity;
      for (const sx of [-1, 1])
        d = Math.min(d, Math.hypot(x - sx * (width / 2 - inset / 2), z - plateH * 0.3) - 3);
      return Math.max(d, -y - 1, y - back - 1);
    };
    const shape: Sdf = (x, y, z) => {
      let d = Infinity;
      for (const part of parts) d = Math.min(d, part(x, y, z));
      return Math.max(d, -screw(x, y, z));
    };
    const cell = width / (46 + random.int(0, 6));
    const solid = polygonize(
      shape,
      [-width / 2 - 1, -1, 0],
      [width / 2 + 1, depth + 1, plateH + (rail ? 14 : 1)],
      cell,
    );
    // Turned to show its front (the board towards -y), as it would hang in a picture of a wall.
    return placeOnBed(scale(solid, 1, -1, 1));
  },
};
