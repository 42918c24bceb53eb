import type { Random } from '@/lib/random';

import { merge, placeOnBed, translate, type Solid } from '../solid';
import type { Family } from './family';
import { circle, PlateSolid, roundedRect } from './mechanical-kit';

/** One brick of cols × rows studs: a box open below, studs on top, hollow tubes under a two-deep brick. */
function brick(cols: number, rows: number, pitch: number, height: number, hollowStuds: boolean): Solid {
  const wall = pitch * 0.15;
  const top = pitch * 0.12;
  const studR = pitch * 0.3;
  const studH = pitch * 0.21;
  const w = cols * pitch - 0.2;
  const d = rows * pitch - 0.2;
  const plate = new PlateSolid();
  const outer = roundedRect(w, d, pitch * 0.04, 2);
  const inner = roundedRect(w - 2 * wall, d - 2 * wall, pitch * 0.02, 2);
  const o0 = plate.ring(outer, 0);
  const oH = plate.ring(outer, height);
  const i0 = plate.ring(inner, 0);
  const iC = plate.ring(inner, height - top);
  const studs: ReturnType<PlateSolid['ring']>[] = [];
  // Enough segments for a smooth stud, and for a small brick's mesh to have its thousand triangles.
  const segments = Math.max(48, Math.ceil(360 / (cols * rows) / 8) * 8);
  for (let i = 0; i < cols; i++)
    for (let j = 0; j < rows; j++) {
      const cx = (i - (cols - 1) / 2) * pitch;
      const cy = (j - (rows - 1) / 2) * pitch;
      const base = plate.ring(circle(studR, segments, cx, cy), height);
      const cap = plate.ring(circle(studR, segments, cx, cy), height + studH);
      plate.wall(base, cap);
      if (hollowStuds) {
        const rim = plate.ring(circle(studR * 0.6, segments, cx, cy), height + studH);
        const floor = plate.ring(circle(studR * 0.6, segments, cx, cy), height + studH * 0.4);
        plate.face(cap, [rim], true);
        plate.wall(floor, rim, true);
        plate.face(floor, [], true);
      } else plate.face(cap, [], true);
      studs.push(base);
    }
  plate.face(o0, [i0], false);
  plate.wall(o0, oH);
  plate.face(oH, studs, true);
  plate.wall(i0, iC, true);
  // Tubes under a brick two studs deep, between the studs (plates too low for them keep a flat ceiling).
  const tubes: ReturnType<PlateSolid['ring']>[] = [];
  if (rows === 2 && cols > 1 && height - top > pitch * 0.3)
    for (let i = 0; i < cols - 1; i++) {
      const cx = (i - (cols - 2) / 2) * pitch;
      const outerRing = circle(pitch * 0.41, 48, cx, 0);
      const innerRing = circle(pitch * 0.3, 48, cx, 0);
      const t0 = plate.ring(outerRing, 0);
      const tC = plate.ring(outerRing, height - top);
      const h0 = plate.ring(innerRing, 0);
      const hC = plate.ring(innerRing, height - top);
      plate.wall(t0, tC);
      plate.face(t0, [h0], false);
      plate.wall(h0, hC, true);
      plate.face(hC, [], false);
      tubes.push(tC);
    }
  plate.face(iC, tubes, false);
  return plate.build();
}

/** Toy construction bricks and plates: one, or a few laid apart, of different sizes. */
export const constructionBrick: Family = {
  name: 'construction-brick',
  words: ['brick', 'bricks', 'lego', 'duplo', 'building block', 'toy block'],
  categories: ['construction-toys', 'playsets'],
  build(random: Random) {
    const pitch = 8 * (1 + random.next() * 1.2);
    const count = random.pick([1, 1, 2, 3]);
    const hollowStuds = random.chance(0.3);
    const bricks: Solid[] = [];
    let x = 0;
    for (let b = 0; b < count; b++) {
      const cols = random.int(1, 4) + (count === 1 ? 1 : 0);
      const rows = random.int(1, 2);
      const height = pitch * (random.chance(0.25) ? 0.4 : 1.2);
      bricks.push(translate(brick(cols, rows, pitch, height, hollowStuds), x + (cols * pitch) / 2, 0, 0));
      x += cols * pitch + pitch * 0.6;
    }
    return placeOnBed(merge(...bricks));
  },
};
