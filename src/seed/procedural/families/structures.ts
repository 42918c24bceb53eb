import { MeshBuilder, placeOnBed, type Vec3 } from '../solid';
import type { Family } from './family';
import {
  between,
  block,
  carved,
  common,
  type Part,
  type Point2,
  prism,
  rod,
  shapeFromParts,
  valueNoise,
} from './world-parts';

interface Wing {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  storeys: number;
}

/**
 * A wing's walls with a recess for every window: the nearest window on each facade is found by
 * arithmetic, so a wing of a hundred windows costs what one costs.
 */
function wingWithWindows(
  w: Wing,
  storeyH: number,
  bay: number,
  winW: number,
  winH: number,
  depth: number,
): Part {
  const h = w.storeys * storeyH;
  const walls = block([w.x0, w.y0, 0], [w.x1, w.y1, h]);
  const cx = (w.x0 + w.x1) / 2,
    cy = (w.y0 + w.y1) / 2;
  const hx = (w.x1 - w.x0) / 2,
    hy = (w.y1 - w.y0) / 2;
  const baysX = Math.max(1, Math.floor((2 * hx) / bay));
  const baysY = Math.max(1, Math.floor((2 * hy) / bay));
  const nearest = (t: number, half: number, bays: number) => {
    const step = (2 * half) / bays;
    const i = Math.min(bays - 1, Math.max(0, Math.floor((t + half) / step)));
    return t - (-half + step * (i + 0.5));
  };
  const windowDistance = (x: number, y: number, z: number) => {
    const storey = Math.min(w.storeys - 1, Math.max(0, Math.floor(z / storeyH)));
    const dz = Math.abs(z - (storey + 0.55) * storeyH) - winH / 2;
    const lx = x - cx,
      ly = y - cy;
    // Facades facing ±y (windows along x) and ±x (windows along y).
    const fy = Math.max(Math.abs(nearest(lx, hx, baysX)) - winW / 2, hy - depth - Math.abs(ly), dz);
    const fx = Math.max(Math.abs(nearest(ly, hy, baysY)) - winW / 2, hx - depth - Math.abs(lx), dz);
    return Math.min(fx, fy);
  };
  return { ...walls, sdf: (x, y, z) => Math.max(walls.sdf(x, y, z), -windowDistance(x, y, z)) };
}

/** A roof over a wing: gable along its long side, hip, or flat with a parapet. */
function roof(w: Wing, z: number, kind: 'gable' | 'hip' | 'flat', pitch: number, eaves: number): Part[] {
  const x0 = w.x0 - eaves,
    x1 = w.x1 + eaves,
    y0 = w.y0 - eaves,
    y1 = w.y1 + eaves;
  if (kind === 'flat') {
    const rim = 1.6;
    return [
      block([w.x0, w.y0, z - 0.5], [w.x1, w.y1, z + 2.5]),
      carved(block([w.x0 + rim, w.y0 + rim, z + 1], [w.x1 - rim, w.y1 - rim, z + 3])),
    ];
  }
  const alongX = x1 - x0 >= y1 - y0;
  const gableAlong = (axisX: boolean): Part => {
    const [a0, a1, b0, b1] = axisX ? [y0, y1, x0, x1] : [x0, x1, y0, y1];
    const r = ((a1 - a0) / 2) * pitch;
    const tri: Point2[] = axisX
      ? [
          [a0, z - 0.5],
          [a1, z - 0.5],
          [(a0 + a1) / 2, z + r],
        ]
      : [
          [z - 0.5, a0],
          [z - 0.5, a1],
          [z + r, (a0 + a1) / 2],
        ];
    // prism('x') takes (y, z) points; prism('y') takes (z, x) points.
    return prism(axisX ? 'x' : 'y', tri, b0, b1);
  };
  if (kind === 'gable') return [gableAlong(alongX)];
  return [common(0.01, gableAlong(true), gableAlong(false))];
}

/** A building from an extruded footprint (rectangle, L or U), storeys with window recesses, a roof and a door. */
export const building: Family = {
  name: 'building',
  words: [
    'building',
    'house',
    'home',
    'cottage',
    'apartment',
    'office',
    'tower',
    'skyscraper',
    'villa',
    'barn',
    'church',
    'shop',
  ],
  categories: ['building', 'buildings-and-structures', 'playsets'],
  build(random) {
    const storeys = random.logInt(1, 9);
    const storeyH = between(random, 9, 13);
    const plan = random.pick(['rect', 'L', 'U', 'rect'] as const);
    const a = between(random, 50, 110);
    const b = between(random, 30, 60);
    const wings: Wing[] = [];
    const arm = b * between(random, 0.55, 0.8);
    const armLen = between(random, 25, 55);
    const st = () => Math.max(1, storeys - (random.chance(0.4) ? 1 : 0));
    wings.push({ x0: -a / 2, y0: -b / 2, x1: a / 2, y1: b / 2, storeys });
    if (plan === 'L' || plan === 'U')
      wings.push({ x0: a / 2 - arm, y0: b / 2 - 1, x1: a / 2, y1: b / 2 + armLen, storeys: st() });
    if (plan === 'U')
      wings.push({ x0: -a / 2, y0: b / 2 - 1, x1: -a / 2 + arm, y1: b / 2 + armLen, storeys: st() });
    const bay = between(random, 9, 14);
    const winW = bay * between(random, 0.35, 0.6);
    const winH = storeyH * between(random, 0.4, 0.6);
    const kind =
      storeys > 5
        ? random.pick(['flat', 'flat', 'hip'] as const)
        : random.pick(['gable', 'hip', 'flat', 'gable'] as const);
    const pitch = between(random, 0.5, 1.1);
    const eaves = kind === 'flat' ? 0 : between(random, 1, 3);
    const parts: Part[] = [];
    for (const w of wings) {
      parts.push(wingWithWindows(w, storeyH, bay, winW, winH, 1.4));
      parts.push(...roof(w, w.storeys * storeyH, kind, pitch, eaves));
      if (random.chance(0.5))
        parts.push(block([w.x0 - 0.8, w.y0 - 0.8, storeyH - 0.6], [w.x1 + 0.8, w.y1 + 0.8, storeyH + 0.6]));
    }
    parts.push(
      block([-a / 2 - 2, -b / 2 - 2, 0], [a / 2 + 2, b / 2 + 2 + (plan === 'rect' ? 0 : armLen), 2]),
    );
    const doorX = between(random, -a / 4, a / 4);
    parts.push(
      carved(block([doorX - 4, -b / 2 - 2, 2], [doorX + 4, -b / 2 + 1.5, Math.min(storeyH * 0.85, 12)])),
    );
    if (kind !== 'flat' && random.chance(0.6)) {
      const cx = between(random, -a / 3, a / 3);
      parts.push(
        block([cx - 3, -2, storeys * storeyH], [cx + 3, 4, storeys * storeyH + b * pitch * 0.5 + 6]),
      );
    }
    if (kind === 'flat' && random.chance(0.6)) {
      const s = between(random, 8, 16);
      parts.push(
        block([-s, -s / 2, storeys * storeyH], [s, s / 2, storeys * storeyH + between(random, 4, 9)]),
      );
    }
    return shapeFromParts(parts, { blend: 0, cells: 90 });
  },
};

/** A castle: a keep, corner towers with battlements and conical or flat tops, curtain walls and a gate. */
export const castle: Family = {
  name: 'castle',
  words: ['castle', 'fortress', 'fort', 'keep', 'citadel', 'turret', 'lighthouse'],
  categories: ['buildings-and-structures', 'playsets', 'video-games', 'props'],
  build(random) {
    const parts: Part[] = [];
    const tower = (x: number, y: number, r: number, h: number, cone: boolean) => {
      parts.push(rod('z', [x, y, h / 2], r, h / 2));
      parts.push(rod('z', [x, y, h + 2], r + 1.5, 2.5));
      const merlons = Math.max(6, Math.round((r * 2 * Math.PI) / 7));
      parts.push(carved(crenels(x, y, r + 0.5, h + 4.5, merlons)));
      if (cone) {
        const coneH = r * between(random, 1.6, 2.6);
        parts.push(capsuleCone([x, y, h + 3], r + 1.2, coneH));
      } else parts.push(carved(rod('z', [x, y, h + 4.5], r - 1.2, 2)));
      for (let i = 0; i < 3; i++) {
        const a = random.next() * Math.PI * 2;
        const z = h * between(random, 0.35, 0.85);
        parts.push(
          carved(
            block(
              [x + r * Math.cos(a) - 1, y + r * Math.sin(a) - 1, z - 3],
              [x + r * Math.cos(a) + 1, y + r * Math.sin(a) + 1, z + 3],
            ),
          ),
        );
      }
    };
    const layout = random.pick(['keep', 'square', 'square', 'pair'] as const);
    const wallH = between(random, 22, 34);
    const cone = random.chance(0.6);
    if (layout === 'keep') {
      const r = between(random, 12, 20);
      const h = between(random, 60, 110);
      tower(0, 0, r, h, cone);
      parts.push(rod('z', [0, 0, 3], r + 4, 3));
      parts.push(carved(block([-4, -r - 6, 5], [4, -r + 3, 18])));
    } else {
      const sx = between(random, 35, 60);
      const sy = layout === 'pair' ? 0 : between(random, 30, 50);
      const corners: Vec3[] =
        layout === 'pair'
          ? [
              [-sx, 0, 0],
              [sx, 0, 0],
            ]
          : [
              [-sx, -sy, 0],
              [sx, -sy, 0],
              [sx, sy, 0],
              [-sx, sy, 0],
            ];
      const r = between(random, 7, 11);
      const th = wallH + between(random, 10, 25);
      for (const [x, y] of corners) tower(x, y, r, th, cone);
      const wallT = 5;
      const walls: [Vec3, Vec3][] = corners.map((c, i) => [c, corners[(i + 1) % corners.length]!]);
      if (layout === 'pair') walls.pop();
      for (const [p, q] of walls) {
        const lo: Vec3 = [Math.min(p[0], q[0]) - wallT / 2, Math.min(p[1], q[1]) - wallT / 2, 0];
        const hi: Vec3 = [Math.max(p[0], q[0]) + wallT / 2, Math.max(p[1], q[1]) + wallT / 2, wallH];
        parts.push(block(lo, hi));
        const alongX = p[1] === q[1];
        const len = alongX ? Math.abs(q[0] - p[0]) : Math.abs(q[1] - p[1]);
        const n = Math.floor(len / 6);
        parts.push(battlement(p, q, alongX, len, n, wallT, wallH));
      }
      const gateY = layout === 'pair' ? 0 : -sy;
      parts.push(block([-9, gateY - 5, 0], [9, gateY + 5, wallH + 6]));
      parts.push(carved(rod('y', [0, gateY, 10], 5, 7)));
      parts.push(carved(block([-5, gateY - 7, 0], [5, gateY + 7, 10])));
      if (layout === 'square' && random.chance(0.6)) {
        const kr = between(random, 8, 14);
        tower(
          between(random, -sx / 3, sx / 3),
          between(random, 0, sy / 2),
          kr,
          th + between(random, 10, 30),
          !cone,
        );
      }
    }
    return shapeFromParts(parts, { blend: 0.6, cells: 90 });
  },
};

/** The notches of a round tower's battlements: `count` gaps 3.2 mm wide round the circle of radius r at height z. */
function crenels(x: number, y: number, r: number, z: number, count: number): Part {
  const sector = (Math.PI * 2) / count;
  return {
    sdf: (px, py, pz) => {
      const a = Math.atan2(py - y, px - x);
      const local = (((a % sector) + sector) % sector) - sector / 2;
      const rr = Math.sqrt((px - x) ** 2 + (py - y) ** 2);
      return Math.max(Math.abs(local) * r - 1.6, Math.abs(pz - z) - 1.5, Math.abs(rr - r) - 3);
    },
    min: [x - r - 3, y - r - 3, z - 1.5],
    max: [x + r + 3, y + r + 3, z + 1.5],
  };
}

/** A wall's merlons: n - 1 teeth 3.2 mm wide, evenly along the wall from p to q, on top of it. */
function battlement(
  p: Vec3,
  q: Vec3,
  alongX: boolean,
  len: number,
  n: number,
  wallT: number,
  wallH: number,
): Part {
  const step = len / n;
  const start = alongX ? Math.min(p[0], q[0]) : Math.min(p[1], q[1]);
  const across = alongX ? p[1] : p[0];
  return {
    sdf: (x, y, z) => {
      const t = (alongX ? x : y) - start;
      const i = Math.min(n - 1, Math.max(1, Math.round(t / step)));
      const along = Math.abs(t - i * step) - 1.6;
      const side = Math.abs((alongX ? y : x) - across) - wallT / 2;
      const up = Math.abs(z - (wallH + 1.75)) - 1.75;
      return Math.max(along, side, up);
    },
    min: alongX ? [start, across - wallT / 2, wallH] : [across - wallT / 2, start, wallH],
    max: alongX
      ? [start + len, across + wallT / 2, wallH + 3.5]
      : [across + wallT / 2, start + len, wallH + 3.5],
  };
}

/** A cone standing on (c) of base radius r and height h. */
function capsuleCone(c: Vec3, r: number, h: number): Part {
  const profile: Point2[] = [
    [0, c[2]],
    [r, c[2]],
    [0.01, c[2] + h],
  ];
  // A lathe as a distance: the profile's 2-D distance in (radius, z).
  return {
    sdf: (x, y, z) => {
      const rr = Math.sqrt((x - c[0]) ** 2 + (y - c[1]) ** 2);
      return coneDistance(profile, rr, z);
    },
    min: [c[0] - r, c[1] - r, c[2]],
    max: [c[0] + r, c[1] + r, c[2] + h],
  };
}

function coneDistance(profile: readonly Point2[], r: number, z: number): number {
  const [, z0] = profile[0]!;
  const [rb] = profile[1]!;
  const [, z1] = profile[2]!;
  const h = z1 - z0;
  const slant = Math.sqrt(rb * rb + h * h);
  const side = ((r - rb) * h + (z - z0) * rb) / slant;
  return Math.max(side, z0 - z);
}

/** A stone arch bridge of one to five arches with piers and parapets, or a girder bridge on piers. */
export const bridge: Family = {
  name: 'bridge',
  words: ['bridge', 'viaduct', 'aqueduct', 'overpass'],
  categories: ['bridge', 'buildings-and-structures'],
  build(random) {
    const arches = random.int(1, 5);
    const span = between(random, 28, 50) * (arches === 1 ? 1.6 : 1);
    const pier = between(random, 5, 9);
    const length = arches * span + (arches + 1) * pier;
    const width = between(random, 18, 30);
    const deck = between(random, 18, 32) + (arches === 1 ? 12 : 0);
    const thick = between(random, 4, 7);
    const parts: Part[] = [];
    parts.push(block([-length / 2, -width / 2, 0], [length / 2, width / 2, deck + thick]));
    const rise = random.chance(0.5) ? span / 2 : span * between(random, 0.25, 0.45);
    for (let i = 0; i < arches; i++) {
      const cx = -length / 2 + pier + span / 2 + i * (span + pier);
      // An arch: a circle through the springing points at (±span/2, springZ) and the crown at deck.
      const crown = deck - 0.5;
      const springZ = Math.max(0, crown - rise);
      const rad = ((span / 2) ** 2 + rise * rise) / (2 * rise);
      const centreZ = crown - rad;
      parts.push(
        carved(
          common(
            0.01,
            rod('y', [cx, 0, centreZ], rad, width),
            block([cx - span / 2, -width, -1], [cx + span / 2, width, crown]),
          ),
        ),
      );
      if (springZ > 0)
        parts.push(carved(block([cx - span / 2, -width, -1], [cx + span / 2, width, springZ + 0.01])));
    }
    const parapetH = between(random, 3, 6);
    const openRail = random.chance(0.4);
    for (const s of [-1, 1]) {
      const y0 = s > 0 ? width / 2 - 2 : -width / 2;
      parts.push(block([-length / 2, y0, deck + thick - 0.5], [length / 2, y0 + 2, deck + thick + parapetH]));
      if (openRail) {
        const n = Math.floor(length / 6);
        for (let i = 0; i < n; i++) {
          const x = -length / 2 + 3 + i * (length / n);
          parts.push(
            carved(
              block(
                [x, y0 - 1, deck + thick + 0.8],
                [x + length / n - 2.5, y0 + 3, deck + thick + parapetH - 1.2],
              ),
            ),
          );
        }
      }
    }
    if (random.chance(0.6))
      for (const s of [-1, 1])
        parts.push(
          block(
            [s * (length / 2) - 4, -width / 2 - 2, 0],
            [s * (length / 2) + 4, width / 2 + 2, deck + thick + parapetH + 4],
          ),
        );
    parts.push(block([-length / 2 - 10, -width / 2 - 10, -3], [length / 2 + 10, width / 2 + 10, 0.5]));
    return shapeFromParts(parts, { blend: 0, cells: 90 });
  },
};

/** A miniature's base: round, oval, hexagonal or square, bevelled, with a cobbled, flagstone, grassy or rocky top. */
export const miniatureBase: Family = {
  name: 'miniature-base',
  words: ['base', 'bases', 'plinth', 'pedestal', 'diorama', 'miniature', 'wargaming'],
  categories: ['toy-and-game-accessories', 'board-games', 'games'],
  build(random) {
    const shape = random.pick(['round', 'oval', 'hex', 'square'] as const);
    const size = random.pick([25, 32, 40, 50, 60, 80]);
    const rx = size / 2,
      ry = shape === 'oval' ? rx * between(random, 0.55, 0.75) : rx;
    const h = between(random, 3, 5);
    const bevel = between(random, 0.6, 1.4);
    const texture = random.pick(['cobbles', 'flagstones', 'grass', 'rocks'] as const);
    const noise = valueNoise(random);
    const cellSize = between(random, 3, 5.5);
    const footprint = (x: number, y: number) => {
      if (shape === 'square') return Math.max(Math.abs(x), Math.abs(y)) - rx;
      if (shape === 'hex') {
        const ax = Math.abs(x),
          ay = Math.abs(y);
        return Math.max(ax * 0.866 + ay * 0.5, ay) - rx * 0.9;
      }
      const m = Math.min(rx, ry);
      return (Math.sqrt((x / rx) ** 2 + (y / ry) ** 2) - 1) * m;
    };
    const top = (x: number, y: number) => {
      if (texture === 'grass') return 0.6 * noise(x / 2.2, y / 2.2) + 0.4 * noise(x / 0.9, y / 0.9);
      if (texture === 'rocks') return 1.4 * Math.max(0, noise(x / 6, y / 6)) + 0.3 * noise(x / 1.5, y / 1.5);
      const ox = texture === 'cobbles' && Math.floor(y / cellSize) % 2 ? cellSize / 2 : 0;
      const w = texture === 'flagstones' ? cellSize * 1.6 : cellSize;
      const u = ((((x + ox) % w) + w) % w) - w / 2;
      const v = (((y % cellSize) + cellSize) % cellSize) - cellSize / 2;
      const edge = Math.min(w / 2 - Math.abs(u), cellSize / 2 - Math.abs(v));
      return Math.min(0.6, edge * 0.7) - 0.3 + 0.15 * noise(x / 3, y / 3);
    };
    const sdf = (x: number, y: number, z: number) => {
      const side = footprint(x, y) + Math.max(0, z - (h - bevel)) * 0.9;
      return Math.max(side, -z, z - h - top(x, y));
    };
    const part: Part = { sdf, min: [-rx, -ry, 0], max: [rx, ry, h + 2] };
    return shapeFromParts([part], { blend: 0, cells: 90, triangles: 12_000 });
  },
};

/** A terrain tile: a noise heightfield (hills, ridges or terraces) as a closed block with a flat bottom. */
export const terrain: Family = {
  name: 'terrain',
  words: ['terrain', 'landscape', 'mountain', 'hill', 'island', 'canyon', 'map', 'relief'],
  categories: ['outdoor-and-garden', 'physics-and-astronomy', 'props'],
  build(random) {
    const sx = between(random, 60, 140);
    const sy = sx * between(random, 0.6, 1);
    const relief = between(random, 10, 35);
    const base = between(random, 4, 8);
    const style = random.pick(['hills', 'ridges', 'terraces', 'island'] as const);
    const noise = valueNoise(random);
    const n = random.int(90, 120);
    const m = Math.round((n * sy) / sx);
    const f = between(random, 1.5, 3.5) / sx;
    const height = (x: number, y: number) => {
      let v = 0,
        amp = 1,
        freq = f;
      for (let o = 0; o < 5; o++) {
        const s = noise(x * freq, y * freq);
        v += amp * (style === 'ridges' ? 1 - Math.abs(s) * 2 : s);
        amp *= 0.5;
        freq *= 2.1;
      }
      v = v * 0.5 + 0.5;
      if (style === 'terraces') v = Math.floor(v * 6) / 6 + (v * 6 - Math.floor(v * 6)) ** 4 / 6;
      if (style === 'island') {
        const r = Math.sqrt((x / (sx / 2)) ** 2 + (y / (sy / 2)) ** 2);
        v = Math.max(0.05, v * (1 - r * r) * 1.6);
      }
      return base + Math.max(0, v) * relief;
    };
    const builder = new MeshBuilder();
    const grid: number[][] = [];
    for (let j = 0; j <= m; j++) {
      const row: number[] = [];
      for (let i = 0; i <= n; i++) {
        const x = -sx / 2 + (sx * i) / n,
          y = -sy / 2 + (sy * j) / m;
        row.push(builder.vertex(x, y, height(x, y)));
      }
      grid.push(row);
    }
    for (let j = 0; j < m; j++)
      for (let i = 0; i < n; i++)
        builder.quad(grid[j]![i]!, grid[j]![i + 1]!, grid[j + 1]![i + 1]!, grid[j + 1]![i]!);
    // The rim, counter-clockwise seen from above, with a floor vertex under each rim vertex.
    const rim: number[] = [];
    for (let i = 0; i < n; i++) rim.push(grid[0]![i]!);
    for (let j = 0; j < m; j++) rim.push(grid[j]![n]!);
    for (let i = n; i > 0; i--) rim.push(grid[m]![i]!);
    for (let j = m; j > 0; j--) rim.push(grid[j]![0]!);
    const floor = rim.map((v) => {
      const [x, y] = builder.position(v);
      return builder.vertex(x, y, 0);
    });
    for (let k = 0; k < rim.length; k++) {
      const k1 = (k + 1) % rim.length;
      builder.quad(floor[k]!, floor[k1]!, rim[k1]!, rim[k]!);
    }
    const centre = builder.vertex(0, 0, 0);
    for (let k = 0; k < rim.length; k++) builder.triangle(centre, floor[(k + 1) % rim.length]!, floor[k]!);
    return placeOnBed(builder.build());
  },
};
