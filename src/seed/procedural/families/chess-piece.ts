import type { Random } from '@/lib/random';

import { lathe, type Point2 } from '../primitives';
import {
  boxSdf,
  capsuleSdf,
  ellipsoidSdf,
  polygonize,
  type Sdf,
  smoothUnion,
  sphereSdf,
  union,
} from '../sdf';
import { placeOnBed, scale, type Solid } from '../solid';
import type { Family } from './family';
import { turnedSdf, warpedLathe } from './household-shapes';

type Piece = 'pawn' | 'rook' | 'bishop' | 'queen' | 'king' | 'knight';

/** A Staunton-like foot in units of the base radius: a disc with a bead and a cove. */
function foot(random: Random): Point2[] {
  const bead = 0.9 + random.next() * 0.06;
  return [
    [0, 0],
    [1, 0],
    [1, 0.12],
    [bead, 0.2],
    [bead + 0.03, 0.28],
    [0.82, 0.36],
    [0.68, 0.42],
  ];
}

/** A ball of radius r centred at z, from its lower side (below `from` radius) over the top to the axis. */
function ballTop(r: number, z: number, from: number): Point2[] {
  const points: Point2[] = [];
  const start = Math.asin(Math.min(0.99, from / r));
  for (let i = 0; i <= 10; i++) {
    const a = -Math.PI / 2 + start + ((Math.PI - start) * i) / 10;
    const x = r * Math.cos(a);
    points.push([i === 10 ? 0 : Math.max(x, 0.01), z + r * Math.sin(a)]);
  }
  return points;
}

function stem(from: number, to: number, z0: number, z1: number, steps = 6): Point2[] {
  return Array.from({ length: steps }, (_, i) => {
    const t = (i + 1) / steps;
    return [from + (to - from) * Math.sin((t * Math.PI) / 2), z0 + (z1 - z0) * t] as Point2;
  });
}

function pawn(random: Random): Point2[] {
  const neck = 0.3 + random.next() * 0.06;
  const head = 0.42 + random.next() * 0.1;
  return [
    ...foot(random),
    ...stem(0.68, neck + 0.05, 0.42, 1.15),
    [0.62, 1.2],
    [0.62, 1.28],
    [neck, 1.36],
    ...ballTop(head, 1.36 + head * 0.9, neck),
  ];
}

function bishop(random: Random): Point2[] {
  const mitre = 0.45 + random.next() * 0.08;
  const top = 2.5 + random.next() * 0.3;
  const points: Point2[] = [
    ...foot(random),
    ...stem(0.68, 0.3, 0.42, 1.6),
    [0.58, 1.65],
    [0.58, 1.75],
    [0.3, 1.82],
  ];
  for (let i = 0; i <= 8; i++) {
    const t = i / 8;
    points.push([Math.max(0.08, mitre * Math.sin(0.35 + t * 2.6) ** 0.8), 1.85 + (top - 1.85) * t]);
  }
  points.push(...ballTop(0.13, top + 0.1, 0.08));
  return points;
}

/** The rook: a hollow-topped tower; the crenels are cut by warping the top rim's points (see `build`). */
function rook(random: Random): { profile: Point2[]; rim: Set<number> } {
  const width = 0.62 + random.next() * 0.08;
  const top = 2 + random.next() * 0.3;
  const profile: Point2[] = [
    ...foot(random),
    ...stem(0.68, width * 0.85, 0.42, top - 0.45, 4),
    [width * 1.15, top - 0.35],
    [width * 1.15, top],
    [width * 0.8, top],
    [width * 0.8, top - 0.25],
    [0, top - 0.25],
  ];
  const n = profile.length;
  return { profile, rim: new Set([n - 4, n - 3]) };
}

function queen(random: Random): { profile: Point2[]; rim: Set<number> } {
  const top = 2.9 + random.next() * 0.3;
  const crown = 0.55 + random.next() * 0.1;
  const profile: Point2[] = [
    ...foot(random),
    ...stem(0.68, 0.28, 0.42, top - 0.8),
    [0.55, top - 0.75],
    [0.55, top - 0.68],
    [0.3, top - 0.62],
    [crown, top - 0.1],
    [crown * 0.8, top - 0.1],
    [crown * 0.5, top - 0.2],
    ...ballTop(0.16, top, 0.12),
  ];
  const n = profile.length;
  return { profile, rim: new Set([n - 14, n - 13]) };
}

function kingProfile(random: Random): { profile: Point2[]; top: number } {
  const top = 3 + random.next() * 0.3;
  return {
    profile: [
      ...foot(random),
      ...stem(0.68, 0.3, 0.42, top - 0.9),
      [0.58, top - 0.85],
      [0.58, top - 0.75],
      [0.32, top - 0.7],
      [0.55, top - 0.15],
      [0.2, top],
      [0, top],
    ],
    top,
  };
}

function king(random: Random): Sdf {
  const { profile, top } = kingProfile(random);
  const bar = 0.1;
  const arm = 0.26 + random.next() * 0.06;
  return union(
    turnedSdf(profile, 0.1),
    boxSdf(0, 0, top + 0.36, bar, bar, 0.4, 0.03),
    boxSdf(0, 0, top + 0.5, arm, bar, bar, 0.03),
  );
}

function knight(random: Random): Sdf {
  const base: Point2[] = [...foot(random), [0.68, 0.55], [0, 0.55]];
  const lean = 0.2 + random.next() * 0.15;
  const snout = 0.75 + random.next() * 0.2;
  const head = smoothUnion(
    0.12,
    ellipsoidSdf(-0.1, 0, 0.95, 0.52, 0.36, 0.45),
    capsuleSdf([-0.15, 0, 1.0], [lean, 0, 1.95], 0.34, 0.28),
    capsuleSdf([lean, 0, 1.95], [lean - snout, 0, 1.55], 0.24, 0.17),
    capsuleSdf([lean + 0.05, -0.13, 2.05], [lean + 0.12, -0.1, 2.38], 0.07, 0.03),
    capsuleSdf([lean + 0.05, 0.13, 2.05], [lean + 0.12, 0.1, 2.38], 0.07, 0.03),
    // The mane along the back of the neck.
    capsuleSdf([0.25, 0, 1.05], [lean + 0.22, 0, 1.95], 0.14, 0.1),
  );
  const eyes = union(sphereSdf(lean - 0.22, 0.22, 1.85, 0.06), sphereSdf(lean - 0.22, -0.22, 1.85, 0.06));
  return smoothUnion(0.08, turnedSdf(base, 0.1), (x, y, z) => Math.max(head(x, y, z), -eyes(x, y, z)));
}

/** A chess piece (pawn, rook, bishop, queen, king or knight), turned, with crenels, crown points and cross. */
export const chessPiece: Family = {
  name: 'chess-piece',
  words: [
    'chess',
    'pawn',
    'rook',
    'bishop',
    'queen',
    'king',
    'knight',
    'chessman',
    'checkmate',
    'chess piece',
  ],
  categories: ['chess', 'board-games', 'games'],
  build(random: Random) {
    const piece = random.pick<Piece>(['pawn', 'rook', 'bishop', 'queen', 'king', 'knight']);
    const baseR = 12 + random.next() * 8;
    const segments = 64 + random.int(0, 4) * 8;
    let solid: Solid;
    if (piece === 'pawn' || piece === 'bishop') {
      solid = lathe(piece === 'pawn' ? pawn(random) : bishop(random), segments);
    } else if (piece === 'rook' || piece === 'queen') {
      const { profile, rim } = piece === 'rook' ? rook(random) : queen(random);
      const notches = piece === 'rook' ? random.int(4, 6) : random.int(7, 10);
      const depth = piece === 'rook' ? 0.22 : 0.18;
      solid = warpedLathe(profile, notches * 16, (r, z, angle, index) => {
        if (!rim.has(index)) return [r, z];
        const phase = (angle * notches) / (Math.PI * 2);
        const f = phase - Math.floor(phase);
        // Rook: square crenels; queen: pointed teeth.
        const cut = piece === 'rook' ? (f > 0.55 ? 1 : 0) : Math.abs(f - 0.5) * 2;
        return [r, z - depth * cut];
      });
    } else {
      const sdf = piece === 'king' ? king(random) : knight(random);
      const height = piece === 'king' ? 4.1 : 2.6;
      const cell = height / (48 + random.int(0, 4));
      solid = polygonize(sdf, [-1.05, -1.05, 0], [1.05, 1.05, height], cell);
    }
    return placeOnBed(scale(solid, baseR));
  },
};
