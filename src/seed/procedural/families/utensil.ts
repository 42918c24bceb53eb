import type { Random } from '@/lib/random';

import type { Point2 } from '../primitives';
import { ellipsoidSdf, polygonize, type Sdf } from '../sdf';
import { placeOnBed } from '../solid';
import type { Family } from './family';
import { polygonDistance } from './household-shapes';

type Kind = 'spoon' | 'fork' | 'spatula' | 'ladle';

/** A band of half-thickness `half` about the height `centre`, rounded by `round`, over a planform distance `d2`. */
function slab(d2: number, dz: number, round: number): number {
  const a = d2 + round,
    b = dz + round;
  return Math.min(Math.max(a, b), 0) + Math.hypot(Math.max(a, 0), Math.max(b, 0)) - round;
}

/**
 * A kitchen utensil lying on its back: a spoon or ladle (a hollow bowl), a fork (tines) or a slotted
 * spatula, on a handle that rises gently from the head and ends in a rounded, sometimes holed, grip.
 */
export const utensil: Family = {
  name: 'kitchen-utensil',
  words: ['spoon', 'fork', 'spatula', 'ladle', 'utensil', 'cutlery', 'turner', 'scoop'],
  categories: ['kitchen-dining', 'kitchen-and-dining', 'food-and-drink', 'household-supplies', 'art-tools'],
  build(random: Random) {
    const kind = random.pick<Kind>(['spoon', 'fork', 'spatula', 'ladle']);
    const length = 140 + random.next() * 60;
    const thick = 3 + random.next() * 1.5;
    const headL = length * (kind === 'spatula' ? 0.35 : kind === 'ladle' ? 0.3 : 0.28);
    const headW =
      kind === 'spatula'
        ? headL * (0.6 + random.next() * 0.2)
        : kind === 'ladle'
          ? headL * 0.5
          : headL * (0.32 + random.next() * 0.08);
    const depth = kind === 'ladle' ? headW * 0.9 : kind === 'spoon' ? headW * 0.45 : 0;
    const gripW = 7 + random.next() * 6;
    const neckW = 4 + random.next() * 3;
    const lift = kind === 'ladle' ? depth * 0.8 : 6 + random.next() * 10;
    const hole = random.chance(0.4);
    const bowl = kind === 'spoon' || kind === 'ladle';
    // A bowl's handle leaves from its rim; a flat head's from its own level.
    const base = bowl ? depth + thick * 0.2 - thick / 2 : thick / 2;
    // The handle's planform, from the head (x = headL) to the end (x = length).
    const start = bowl ? 0.93 : 0.85;
    const handle: Point2[] = [];
    const steps = 12;
    for (let i = 0; i <= steps; i++) {
      const t = i / steps;
      const w = neckW + (gripW - neckW) * Math.sin((t * Math.PI) / 2) ** 2;
      handle.push([headL * start + (length - headL * start - gripW / 2) * t, w / 2]);
    }
    for (let i = 1; i < 8; i++) {
      const a = -Math.PI / 2 + (Math.PI * i) / 8;
      handle.push([length - gripW / 2 + (gripW / 2) * Math.cos(a), (gripW / 2) * -Math.sin(a)]);
    }
    const outline = [
      ...handle,
      ...handle
        .slice(0, steps + 1)
        .reverse()
        .map(([x, y]): Point2 => [x, -y]),
    ];
    const handleOutline = polygonDistance(outline);
    const handleZ = (x: number) => {
      const t = Math.min(1, Math.max(0, (x - headL) / (length - headL)));
      return base + lift * Math.sin((t * Math.PI) / 2);
    };
    const handleSdf: Sdf = (x, y, z) => {
      let d2 = handleOutline(x, y);
      if (hole) d2 = Math.max(d2, -(Math.hypot(x - (length - gripW * 0.9), y) - gripW * 0.22));
      return slab(d2, Math.abs(z - handleZ(x)) - thick / 2, thick * 0.35);
    };
    let head: Sdf;
    if (bowl) {
      const rx = headL / 2,
        cx = headL / 2;
      const outer = ellipsoidSdf(cx, 0, depth, rx, headW / 2, depth);
      const inner = ellipsoidSdf(
        cx,
        0,
        depth + thick * 0.2,
        rx - thick,
        headW / 2 - thick,
        depth - thick * 0.8,
      );
      head = (x, y, z) => Math.max(outer(x, y, z), -inner(x, y, z), z - depth - thick * 0.2);
    } else {
      const tines = kind === 'fork' ? random.int(3, 4) : random.int(2, 4);
      const slotW = kind === 'fork' ? headW / (tines * 2) : headW * 0.06;
      head = (x, y, z) => {
        // A rounded blade (the fork's narrows into the neck), with slots between the tines.
        const taper = kind === 'fork' ? Math.min(1, Math.max(0.35, (headL * 1.1 - x) / (headL * 0.5))) : 1;
        const qx = Math.abs(x - headL / 2) - headL / 2 + 3,
          qy = Math.abs(y) - (headW / 2) * taper + 3;
        let d2 = Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - 3;
        for (let k = 1; k < tines; k++) {
          const sy = -headW / 2 + (headW * k) / tines;
          const slotEnd = kind === 'fork' ? headL * 0.55 : headL * 0.8;
          const slotStart = kind === 'fork' ? -5 : headL * 0.2;
          const sx = Math.max(slotStart - x, x - slotEnd);
          const s = Math.max(sx, Math.abs(y - sy) - slotW / 2);
          d2 = Math.max(d2, -s);
        }
        return slab(d2, Math.abs(z - thick / 2) - (thick / 2) * (kind === 'spatula' ? 0.7 : 1), thick * 0.25);
      };
    }
    const shape: Sdf = (x, y, z) =>
      x < headL * 0.8
        ? head(x, y, z)
        : x > headL * 1.2
          ? handleSdf(x, y, z)
          : Math.min(head(x, y, z), handleSdf(x, y, z));
    const halfW = Math.max(headW, gripW) / 2 + 1;
    const top = Math.max(depth * 2, base + lift + thick) + 1;
    const cell = length / (110 + random.int(0, 16));
    return placeOnBed(polygonize(shape, [-1, -halfW, 0], [length + 1, halfW, top], cell));
  },
};
