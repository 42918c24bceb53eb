import type { Random } from '@/lib/random';

import type { Point2 } from '../primitives';
import { placeOnBed, rotate } from '../solid';
import type { Family } from './family';
import { chamferedExtrude } from './mechanical-kit';

/**
 * The outline of one C-shaped holder with rounded lips, from where its outer circle leaves the base on
 * the right, over the top and round the inside, to where it meets the base on the left.
 */
function holder(cx: number, base: number, inner: number, wall: number, opening: number): Point2[] {
  const outer = inner + wall;
  const middle = inner + wall / 2;
  const cy = base + inner + wall * 0.35;
  const meet = Math.asin(Math.max(-1, (base - cy) / outer));
  const open = Math.asin(Math.min(0.93, (opening + wall) / (2 * middle)));
  const points: Point2[] = [];
  const arc = (r: number, from: number, to: number, steps: number) => {
    for (let i = 0; i <= steps; i++) {
      const a = from + ((to - from) * i) / steps;
      points.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
    }
  };
  // A lip's round end: half a circle of the wall's width about the wall's middle line at `angle`.
  const lip = (angle: number, towards: 1 | -1) => {
    const centre = [cx + middle * Math.cos(angle), cy + middle * Math.sin(angle)];
    const radial = [Math.cos(angle), Math.sin(angle)];
    const tangent = [-Math.sin(angle), Math.cos(angle)];
    for (let i = 1; i < 12; i++) {
      const psi = (Math.PI * i) / 12;
      const c = towards * Math.cos(psi);
      const s = towards * Math.sin(psi);
      points.push([
        centre[0]! + (wall / 2) * (c * radial[0]! + s * tangent[0]!),
        centre[1]! + (wall / 2) * (c * radial[1]! + s * tangent[1]!),
      ]);
    }
  };
  arc(outer, meet, Math.PI / 2 - open, 36);
  lip(Math.PI / 2 - open, 1);
  arc(inner, Math.PI / 2 - open, -Math.PI * 1.5 + open, 90);
  lip(Math.PI / 2 + open, -1);
  arc(outer, Math.PI / 2 + open, Math.PI - meet, 36);
  return points;
}

/** A cable clip: one to four C-shaped holders on a base strip, extruded to the clip's width, lying on its base. */
export const cableClip: Family = {
  name: 'cable-clip',
  words: ['cable clip', 'clip', 'cable', 'cord', 'wire', 'clamp'],
  categories: ['organization', 'electronics', 'office', '3d-printing'],
  build(random: Random) {
    const count = random.int(1, 4);
    const inner = 2.5 + random.next() * 5;
    const wall = 1.6 + random.next() * 1.4;
    const opening = inner * (0.9 + random.next() * 0.5);
    const base = 2 + random.next() * 2;
    const spacing = (inner + wall) * 2 + 1.5 + random.next() * 4;
    const margin = inner * (0.6 + random.next() * 1.6);
    const width = 8 + random.next() * 12;
    const left = -margin - inner - wall;
    const right = (count - 1) * spacing + inner + wall + margin;
    const outline: Point2[] = [
      [left, 0],
      [right, 0],
      [right, base],
    ];
    for (let i = count - 1; i >= 0; i--) outline.push(...holder(i * spacing, base, inner, wall, opening));
    outline.push([left, base]);
    return placeOnBed(rotate(chamferedExtrude(outline, 0, width, 0.5, 0.5), 'x', Math.PI / 2));
  },
};
