import type { Random } from '@/lib/random';

import type { Point2 } from '../primitives';
import { placeOnBed } from '../solid';
import type { Family } from './family';
import { circle, filletPolygon, PlateSolid, roundedRect } from './mechanical-kit';

/**
 * A tool holder block: a rounded block with rows of blind holes of several sizes (screwdrivers, bits,
 * pens) and sometimes a slot for pliers or a ruler, standing on its base.
 */
export const toolRack: Family = {
  name: 'tool-rack',
  words: [
    'organizer',
    'rack',
    'caddy',
    'toolholder',
    'bit holder',
    'tool holder',
    'pen holder',
    'desk organizer',
  ],
  categories: ['tool-holders', 'tool-holders-and-boxes', 'office', 'machine-tools'],
  build(random: Random) {
    const cols = random.int(3, 8);
    const rows = random.int(1, 3);
    const pitch = 12 + random.next() * 10;
    const margin = pitch * (0.45 + random.next() * 0.2);
    const slot = random.chance(0.5);
    const slotWidth = pitch * 0.45;
    const w = cols * pitch + 2 * margin;
    const d = rows * pitch + 2 * margin + (slot ? slotWidth + pitch * 0.5 : 0);
    const height = 20 + random.next() * 35;
    const floor = 4 + random.next() * 4;
    const corner = Math.min(w, d) * (0.08 + random.next() * 0.12);
    const sizes = Array.from({ length: rows }, () => pitch * (0.22 + random.next() * 0.2));
    const plate = new PlateSolid();
    const outline = roundedRect(w, d, corner, 10);
    const bottom = plate.ring(outline, 0);
    const top = plate.ring(outline, height);
    plate.wall(bottom, top);
    plate.face(bottom, [], false);
    const openings: ReturnType<PlateSolid['ring']>[] = [];
    const y0 = -d / 2 + margin + pitch / 2;
    // Smooth holes, and enough of them in a small block for its thousand triangles.
    const segments = Math.max(40, Math.round(900 / (cols * rows)));
    for (let r = 0; r < rows; r++) {
      const radius = sizes[r]!;
      const hex = random.chance(0.25);
      for (let c = 0; c < cols; c++) {
        const x = -w / 2 + margin + pitch / 2 + c * pitch;
        const y = y0 + r * pitch;
        const shape: Point2[] = hex
          ? filletPolygon(circle(radius, 6, x, y, Math.PI / 6), radius * 0.2, Math.ceil(segments / 6))
          : circle(radius, segments, x, y);
        const rim = plate.ring(shape, height);
        const deep = plate.ring(shape, floor + random.next() * (height - floor) * 0.3);
        plate.wall(deep, rim, true);
        plate.face(deep, [], true);
        openings.push(rim);
      }
    }
    if (slot) {
      const y = d / 2 - margin - slotWidth / 2;
      const shape = roundedRect(w - 2 * margin, slotWidth, slotWidth * 0.45, 8, 0, y);
      const rim = plate.ring(shape, height);
      const deep = plate.ring(shape, floor);
      plate.wall(deep, rim, true);
      plate.face(deep, [], true);
      openings.push(rim);
    }
    plate.face(top, openings, true);
    return placeOnBed(plate.build());
  },
};
