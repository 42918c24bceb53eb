import type { Random } from '@/lib/random';

import type { Point2 } from '../primitives';
import { placeOnBed } from '../solid';
import type { Family } from './family';
import { circle, filletPolygon, insetOutline, recessedPlate, roundedRect } from './mechanical-kit';

function star(cx: number, cy: number, r: number, points: number): Point2[] {
  return Array.from({ length: points * 2 }, (_, i) => {
    const a = Math.PI / 2 + (Math.PI * i) / points;
    const rr = i % 2 === 0 ? r : r * 0.45;
    return [cx + rr * Math.cos(a), cy + rr * Math.sin(a)];
  });
}

function heart(cx: number, cy: number, r: number): Point2[] {
  return Array.from({ length: 64 }, (_, i) => {
    const t = (Math.PI * 2 * i) / 64;
    const x = 16 * Math.sin(t) ** 3;
    const y = 13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t);
    return [cx + (x / 17) * r, cy + (y / 17) * r + r * 0.1];
  });
}

/** A keychain tag: a plate with a raised border, a key-ring hole and a raised motif (star, heart, disc) or none. */
export const keychainTag: Family = {
  name: 'keychain-tag',
  words: ['keychain', 'keyring', 'key', 'fob', 'tag', 'nametag', 'label'],
  categories: ['keychains', 'accessories'],
  build(random: Random) {
    const kind = random.pick(['rounded', 'tag', 'round', 'hex'] as const);
    const length = 40 + random.next() * 35;
    const width = kind === 'round' || kind === 'hex' ? length : length * (0.45 + random.next() * 0.25);
    const border = 1.6 + random.next() * 1.4;
    const plate = 2 + random.next() * 1.5;
    const rimTop = plate + 1 + random.next() * 1.2;
    let outline: Point2[];
    let holeAt: Point2;
    let motifAt: Point2;
    let motifSize: number;
    if (kind === 'round') {
      outline = circle(length / 2, 128);
      holeAt = [0, length / 2 - border - 5.5];
      motifAt = [0, -length * 0.06];
      motifSize = length * 0.28;
    } else if (kind === 'hex') {
      outline = filletPolygon(circle(length / 2, 6, 0, 0, Math.PI / 2), length * 0.08, 24);
      holeAt = [0, length / 2 - border - 7.5];
      motifAt = [0, -length * 0.06];
      motifSize = length * 0.26;
    } else {
      const radius =
        kind === 'tag' ? width / 2 - 0.01 : Math.max(border + 2, width * (0.15 + random.next() * 0.15));
      outline = roundedRect(length, width, radius, 28);
      holeAt = [-length / 2 + border + Math.max(6, radius * 0.6), 0];
      motifAt = [length * 0.1, 0];
      motifSize = Math.min(width * 0.34, length * 0.25);
    }
    const holeR = 2.5 + random.next() * 1.2;
    const inner = insetOutline(outline, border);
    const motifKind = random.pick(['star', 'heart', 'disc', 'none'] as const);
    const motif =
      motifKind === 'star'
        ? star(motifAt[0], motifAt[1], motifSize, random.int(5, 7))
        : motifKind === 'heart'
          ? heart(motifAt[0], motifAt[1], motifSize)
          : motifKind === 'disc'
            ? circle(motifSize * 0.8, 64, motifAt[0], motifAt[1])
            : null;
    const solid = recessedPlate(
      outline,
      inner,
      circle(holeR, 64, holeAt[0], holeAt[1]),
      motif,
      plate,
      rimTop,
      rimTop + 1 + random.next(),
    );
    return placeOnBed(solid);
  },
};
