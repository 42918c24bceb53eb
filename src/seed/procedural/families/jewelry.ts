import type { Random } from '@/lib/random';

import { type Point2, tube } from '../primitives';
import { capsuleSdf, polygonize, type Sdf, smoothUnion, sphereSdf, torusSdf } from '../sdf';
import { merge, placeOnBed, scale, type Solid, translate, type Vec3 } from '../solid';
import type { Family } from './family';
import { extrudedSdf, polygonDistance, starDistance, warpedLathe } from './household-shapes';

/** A rounded rectangle's signed distance (half-sizes hx, hy, corner radius rr). */
const roundedRect = (x: number, y: number, hx: number, hy: number, rr: number) => {
  const qx = Math.abs(x) - hx + rr,
    qy = Math.abs(y) - hy + rr;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - rr;
};

/** A cut gem: table, crown and pavilion facets, `facets` round, girdle radius `r`, at (0, 0, girdle z). */
function gemSdf(r: number, girdle: number, facets: number): Sdf {
  const crown = 0.75; // crown slope
  const pavilion = 1.3; // pavilion slope
  const table = r * 0.35;
  const normals = Array.from({ length: facets }, (_, i) => {
    const a = (Math.PI * 2 * (i + 0.5)) / facets;
    return [Math.cos(a), Math.sin(a)] as const;
  });
  return (x, y, z) => {
    const h = z - girdle;
    let d = h - table;
    for (const [nx, ny] of normals) {
      const radial = x * nx + y * ny;
      d = Math.max(d, (radial - r + h * (h > 0 ? 1 / crown : -1 / pavilion)) * 0.6);
    }
    return Math.max(d, Math.hypot(x, y) - r);
  };
}

/** A finger ring standing on its edge: a plain, grooved or signet band, or a solitaire with a cut stone in prongs. */
export const fingerRing: Family = {
  name: 'finger-ring',
  words: [
    'ring',
    'solitaire',
    'signet',
    'engagement',
    'wedding',
    'finger ring',
    'wedding ring',
    'engagement ring',
  ],
  categories: ['rings', 'jewelry', 'accessories'],
  build(random: Random) {
    const inner = 8 + random.next() * 3;
    const thick = 1.5 + random.next() * 1;
    const width = 2.5 + random.next() * 4.5;
    const style = random.pick(['plain', 'grooved', 'signet', 'solitaire', 'solitaire'] as const);
    const mid = inner + thick / 2;
    const zc = inner + thick;
    const band: Sdf = (x, y, z) =>
      roundedRect(Math.hypot(x, z - zc) - mid, y, thick / 2, width / 2, Math.min(thick, width) * 0.45);
    let shape: Sdf = band;
    let top = zc + inner + thick;
    let halfY = width / 2;
    if (style === 'grooved') {
      const grooves = random.int(1, 2);
      const cut: Sdf = (x, y, z) => {
        const rho = Math.hypot(x, z - zc) - (inner + thick);
        const offset = grooves === 1 ? Math.abs(y) : Math.abs(Math.abs(y) - width / 4);
        return Math.hypot(rho, offset) - thick * 0.3;
      };
      shape = (x, y, z) => Math.max(band(x, y, z), -cut(x, y, z));
    } else if (style === 'signet') {
      const face = 3.2 + random.next() * 1.8;
      const oval = random.chance(0.5);
      const plate: Sdf = (x, y, z) => {
        const d2 = oval
          ? Math.hypot(x / face, y / (face * 0.8)) * face * 0.8 - face * 0.8
          : roundedRect(x, y, face, face * 0.8, 1);
        const h = Math.max(zc + inner - z, z - (zc + inner + thick + 1.2));
        return Math.min(Math.max(d2, h), 0) + Math.hypot(Math.max(d2, 0), Math.max(h, 0));
      };
      shape = smoothUnion(1.2, band, plate);
      top += 1.2;
      halfY = Math.max(halfY, face);
    } else if (style === 'solitaire') {
      const stone = 2.2 + random.next() * 1.8;
      const seat = zc + inner + thick;
      const girdle = seat + stone * 1.2;
      const gem = gemSdf(stone, girdle, random.pick([8, 10, 12]));
      const prongCount = random.pick([4, 6]);
      const prongs: Sdf[] = Array.from({ length: prongCount }, (_, i) => {
        const a = (Math.PI * 2 * (i + 0.5)) / prongCount;
        const [cx, cy] = [Math.cos(a), Math.sin(a)];
        return capsuleSdf(
          [cx * stone * 0.45, cy * stone * 0.45, seat - 0.5],
          [cx * stone * 1.02, cy * stone * 1.02, girdle + stone * 0.3],
          0.45,
        );
      });
      const basket = smoothUnion(0.8, band, ...prongs);
      shape = (x, y, z) => {
        if (z < seat - 2) return band(x, y, z);
        return Math.min(basket(x, y, z), gem(x, y, z));
      };
      top = girdle + stone * 0.4;
      halfY = Math.max(halfY, stone * 1.2);
    }
    const reach = inner + thick + 0.5;
    const cell = (top + 1) / (56 + random.int(0, 8));
    return placeOnBed(polygonize(shape, [-reach, -halfY - 0.5, 0], [reach, halfY + 0.5, top + 0.5], cell));
  },
};

/** A bangle lying flat: a round, oval or flat band, plain, twisted like a rope, beaded, faceted or wavy. */
export const bangle: Family = {
  name: 'bangle',
  words: ['bracelet', 'bangle', 'cuff', 'wristband', 'armband'],
  categories: ['bracelets', 'jewelry', 'accessories', 'costume'],
  build(random: Random) {
    const inner = 27 + random.next() * 8;
    const thick = 2.5 + random.next() * 3.5;
    const height = 4 + random.next() * 12;
    const centre = inner + thick / 2;
    const pattern = random.pick(['plain', 'rope', 'beaded', 'faceted', 'wavy'] as const);
    const sides = 36;
    const squareness = random.next();
    const profile: Point2[] = Array.from({ length: sides }, (_, i) => {
      const a = (Math.PI * 2 * i) / sides;
      // A superellipse: from an oval (0) to a rounded rectangle (1).
      const p = 2 / (2 + squareness * 4);
      const c = Math.cos(a),
        s = Math.sin(a);
      return [
        centre + (thick / 2) * Math.sign(c) * Math.abs(c) ** p,
        height / 2 + (height / 2) * Math.sign(s) * Math.abs(s) ** p,
      ];
    });
    const count = random.int(12, 28);
    const segments = pattern === 'faceted' ? random.int(8, 14) * 2 : 240;
    const solid = warpedLathe(profile, segments, (r, z, angle, index) => {
      const phi = (Math.PI * 2 * index) / sides;
      if (pattern === 'rope') {
        const twist = Math.cos(count * angle - 2 * phi);
        return [r + (r - centre) * 0.35 * twist, z + (z - height / 2) * 0.35 * twist];
      }
      if (pattern === 'beaded') {
        const bead = 0.75 + 0.25 * Math.abs(Math.cos((count * angle) / 2));
        return [centre + (r - centre) * bead, height / 2 + (z - height / 2) * bead];
      }
      if (pattern === 'wavy') return [r, z + height * 0.25 * Math.sin(count * 0.25 * angle)];
      return [r, z];
    });
    return placeOnBed(solid);
  },
};

/** A pendant lying flat: a disc, heart, drop or star with a raised border, an emblem and a loop to hang it by. */
export const pendant: Family = {
  name: 'pendant',
  words: ['pendant', 'necklace', 'charm', 'amulet', 'locket', 'talisman', 'heart pendant'],
  categories: ['jewelry', 'accessories', 'costume'],
  build(random: Random) {
    const size = 12 + random.next() * 10;
    const thick = 2 + random.next() * 1.5;
    const shape = random.pick(['disc', 'heart', 'drop', 'star', 'hexagon'] as const);
    let outline: (x: number, y: number) => number;
    if (shape === 'disc') outline = (x, y) => Math.hypot(x, y) - size;
    else if (shape === 'star') outline = starDistance(size * 1.15, random.int(5, 7), 3);
    else if (shape === 'hexagon')
      outline = polygonDistance(
        Array.from(
          { length: 6 },
          (_, i) =>
            [
              size * Math.cos((i * Math.PI) / 3 + Math.PI / 6),
              size * Math.sin((i * Math.PI) / 3 + Math.PI / 6),
            ] as const,
        ),
      );
    else {
      // Heart: the classic parametric curve; drop: a circle drawn out into a point below.
      const points: Point2[] = Array.from({ length: 72 }, (_, i) => {
        const t = (Math.PI * 2 * i) / 72;
        if (shape === 'heart')
          return [
            (size / 16) * 16 * Math.sin(t) ** 3,
            (size / 16) * (13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t)) +
              size * 0.2,
          ];
        const r = size * (0.75 + 0.25 * Math.cos(t));
        return [r * Math.sin(t) * Math.abs(Math.sin(t / 2)) ** 0.2, -size * 0.7 * Math.cos(t) - size * 0.1];
      });
      outline = polygonDistance(points);
    }
    const border = size * (0.08 + random.next() * 0.05);
    const loopR = size * 0.2;
    // The loop overlaps the outline's top (found along x = 0 from above).
    let outlineTop = size * 1.5;
    while (outlineTop > 0 && outline(0, outlineTop) > 0) outlineTop -= size * 0.01;
    const loopY = outlineTop + loopR * 0.9;
    const loop = (x: number, y: number) => Math.abs(Math.hypot(x, y - loopY) - loopR) - loopR * 0.45;
    const motif = random.pick(['none', 'star', 'ring', 'gem'] as const);
    const relief = 0.8 + random.next() * 0.5;
    const motifR = size * 0.4;
    // Rounded edges: an outline grown back by `round` around a thinner, inset plate.
    const round = Math.min(thick, relief + thick) * 0.4;
    const flatCore = extrudedSdf((x, y) => Math.min(outline(x, y), loop(x, y)) + round, round, thick - round);
    const flat: Sdf = (x, y, z) => flatCore(x, y, z) - round;
    const rimCore = extrudedSdf(
      (x, y) => Math.max(outline(x, y), -(outline(x, y) + border)) + round * 0.5,
      round,
      thick + relief - round * 0.5,
    );
    const rim: Sdf = (x, y, z) => rimCore(x, y, z) - round * 0.5;
    const centreY = shape === 'heart' ? size * 0.1 : 0;
    const raised: Sdf =
      motif === 'star'
        ? (() => {
            const star = starDistance(motifR, 5, 2.8);
            return extrudedSdf((x, y) => star(x, y - centreY), 0, thick + relief);
          })()
        : motif === 'ring'
          ? torusSdf(0, centreY, thick, motifR * 0.7, relief)
          : motif === 'gem'
            ? sphereSdf(0, centreY, thick - motifR * 0.3, motifR * 0.7)
            : () => Infinity;
    const body: Sdf = (x, y, z) => Math.min(flat(x, y, z), rim(x, y, z), raised(x, y, z));
    const reach = size * 1.25;
    const topY = loopY + loopR * 1.5;
    const cell = (topY + reach) / (40 + random.int(0, 6));
    return placeOnBed(
      polygonize(body, [-reach, -reach, 0], [reach, topY, thick + relief + motifR * 0.5], cell),
    );
  },
};

/** A pair of earrings lying side by side: tapered hoops, or drops hanging from a stud and a ring. */
export const earrings: Family = {
  name: 'earrings',
  words: ['earring', 'earrings', 'dangle', 'hoop earring'],
  categories: ['earrings', 'jewelry', 'accessories'],
  build(random: Random) {
    const hoop = random.chance(0.5);
    let one: Solid;
    if (hoop) {
      const radius = 10 + random.next() * 15;
      const wire = radius * (0.05 + random.next() * 0.04);
      const gap = 0.25 + random.next() * 0.2;
      const steps = 160;
      const path: Vec3[] = Array.from({ length: steps + 1 }, (_, i) => {
        const a = Math.PI / 2 + gap / 2 + ((Math.PI * 2 - gap) * i) / steps;
        return [radius * Math.cos(a), radius * Math.sin(a), wire * 1.2];
      });
      const swell = 0.2 + random.next() * 0.8;
      one = tube(
        path,
        (t) =>
          wire *
          (1 + swell * Math.sin(Math.PI * t)) *
          Math.max(0.25, Math.min(1, Math.sqrt(Math.min(t, 1 - t) / 0.02))),
        16,
      );
    } else {
      const drop = 3.5 + random.next() * 3;
      const length = drop * (3 + random.next() * 1.5);
      const stud = 1.8 + random.next() * 1.2;
      const ring = 2 + random.next();
      const faceted = random.chance(0.5);
      const tip: Vec3 = [0, -length, drop];
      const teardrop = capsuleSdf([0, -length + drop, drop], [0, -1.2, drop], drop, 0.9);
      const body: Sdf = faceted
        ? (x, y, z) => Math.max(teardrop(x, y, z), (Math.abs(x) + Math.abs(z - drop)) * 0.72 - drop * 0.85)
        : teardrop;
      const shape = smoothUnion(
        0.4,
        sphereSdf(0, ring * 2 + stud, drop, stud),
        (x, y, z) => Math.hypot(Math.hypot(y - ring, z - drop) - ring, x) - 0.6,
        body,
      );
      const reach = drop + 1;
      const cell = (length + ring * 2 + stud * 2 + 2) / (54 + random.int(0, 6));
      one = polygonize(shape, [-reach, tip[1] - 1, 0], [reach, ring * 2 + stud * 2 + 1, drop * 2 + 1], cell);
    }
    const [x0, , , x1] = (() => {
      let lo = Infinity,
        hi = -Infinity;
      for (let i = 0; i < one.positions.length; i += 3) {
        lo = Math.min(lo, one.positions[i]!);
        hi = Math.max(hi, one.positions[i]!);
      }
      return [lo, 0, 0, hi];
    })();
    const spacing = (x1 - x0) * 0.6 + 3;
    return placeOnBed(merge(translate(one, -spacing, 0, 0), translate(scale(one, -1, 1, 1), spacing, 0, 0)));
  },
};
