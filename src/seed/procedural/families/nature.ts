import type { Random } from '@/lib/random';

import type { Vec3 } from '../solid';
import type { Family } from './family';
import {
  ball,
  between,
  capsule,
  carved,
  disc,
  ellipsoid,
  type Part,
  rod,
  shapeFromParts,
  turned,
} from './world-parts';

const add = (a: Vec3, b: Vec3, s = 1): Vec3 => [a[0] + b[0] * s, a[1] + b[1] * s, a[2] + b[2] * s];
const norm = (a: Vec3): Vec3 => {
  const l = Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};
const crossV = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

/** `v` turned by `angle` about the unit axis `k` (Rodrigues). */
function spin(v: Vec3, k: Vec3, angle: number): Vec3 {
  const c = Math.cos(angle),
    s = Math.sin(angle);
  const kv = crossV(k, v);
  const d = k[0] * v[0] + k[1] * v[1] + k[2] * v[2];
  return [
    v[0] * c + kv[0] * s + k[0] * d * (1 - c),
    v[1] * c + kv[1] * s + k[1] * d * (1 - c),
    v[2] * c + kv[2] * s + k[2] * d * (1 - c),
  ];
}

/** Rewrites the axiom `iterations` times; each symbol with rules takes one of them at random. */
export function expandLSystem(
  axiom: string,
  rules: Record<string, readonly string[]>,
  iterations: number,
  random: Random,
): string {
  let s = axiom;
  for (let i = 0; i < iterations; i++) {
    let next = '';
    for (const ch of s) next += rules[ch] ? random.pick(rules[ch]) : ch;
    s = next;
  }
  return s;
}

interface Turtle {
  p: Vec3;
  h: Vec3;
  depth: number;
  roll: number;
}

/**
 * Draws an L-system string with a 3-D turtle: F grows a branch, [ and ] start and end a side branch,
 * + and - tilt the heading either way about an axis that rolls on by the golden angle, X is a bud that
 * becomes a foliage blob. Branches thin and shorten with their depth and bend a little upwards.
 */
function drawTree(
  program: string,
  random: Random,
  trunkR: number,
  step: number,
  angle: number,
  leafR: number,
): { parts: Part[]; top: number } {
  const parts: Part[] = [];
  const stack: Turtle[] = [];
  let t: Turtle = { p: [0, 0, 0], h: [0, 0, 1], depth: 0, roll: random.next() * Math.PI * 2 };
  let top = 0;
  const tilt = (sign: number) => {
    t.roll += 2.39996;
    const side = norm(crossV(t.h, [Math.cos(t.roll), Math.sin(t.roll), 0.3]));
    t.h = norm(spin(t.h, side, sign * angle * between(random, 0.75, 1.25)));
  };
  for (const ch of program) {
    if (ch === 'F') {
      const r = trunkR * 0.62 ** t.depth;
      const len = step * 0.78 ** t.depth * between(random, 0.85, 1.15);
      const q = add(t.p, t.h, len);
      parts.push(capsule(t.p, q, r, r * 0.85));
      t.p = q;
      t.h = norm(add(t.h, [0, 0, 0.12]));
      top = Math.max(top, q[2]);
    } else if (ch === '[') {
      stack.push({ ...t });
      t.depth++;
    } else if (ch === ']') t = stack.pop() ?? t;
    else if (ch === '+') tilt(1);
    else if (ch === '-') tilt(-1);
    else if (ch === 'X' && t.depth >= 1) {
      const r = leafR * between(random, 0.8, 1.2);
      parts.push({ ...ball(add(t.p, t.h, r * 0.4), r), blend: leafR * 0.6 });
      top = Math.max(top, t.p[2] + r * 1.4);
    }
  }
  return { parts, top };
}

/** A tree on a round base: a branching L-system tree with foliage blobs, a conifer of stacked cones, or a palm. */
export const tree: Family = {
  name: 'tree',
  words: ['tree', 'oak', 'pine', 'palm', 'bonsai', 'forest', 'birch', 'willow', 'fir', 'christmas'],
  categories: ['tree', 'garden', 'outdoor-and-garden', 'biology', 'playsets'],
  build(random) {
    const kind = random.pick(['branching', 'branching', 'conifer', 'palm'] as const);
    const parts: Part[] = [];
    const baseR = between(random, 18, 30);
    const baseH = between(random, 3, 5);
    const round = random.chance(0.6);
    parts.push(
      round
        ? disc([0, 0, baseH / 2], baseR, baseR, baseH / 2, 1)
        : { ...rod('z', [0, 0, baseH / 2], baseR, baseH / 2, 1) },
    );
    if (kind === 'branching') {
      const rules = {
        X: ['F[+X][-X]FX', 'F[-X]F[+X]X', 'F[+X]F[-X][+X]', 'FF[-X][+X]'],
      };
      const program = expandLSystem(random.pick(['FX', 'FFX']), rules, random.int(3, 4), random);
      const trunkR = between(random, 3.5, 6);
      const step = between(random, 12, 20) * (program.length > 120 ? 0.75 : 1);
      const { parts: branches } = drawTree(
        program,
        random,
        trunkR,
        step,
        between(random, 0.5, 0.85),
        between(random, 9, 15),
      );
      for (const b of branches) parts.push(translatedUp(b, baseH - 1));
      for (let i = 0; i < 4; i++) {
        const a = (i / 4) * Math.PI * 2 + random.next();
        parts.push(
          capsule(
            [0, 0, baseH + 4],
            [Math.cos(a) * trunkR * 2.2, Math.sin(a) * trunkR * 2.2, baseH],
            trunkR * 0.5,
            trunkR * 0.3,
          ),
        );
      }
      return shapeFromParts(parts, { blend: 1.5, cells: 90, triangles: 12_000 });
    }
    if (kind === 'conifer') {
      const h = between(random, 80, 140);
      const tiers = random.int(3, 6);
      const trunkR = between(random, 3, 5);
      parts.push(rod('z', [0, 0, baseH + h * 0.15], trunkR, h * 0.15));
      const spread = h * between(random, 0.25, 0.38);
      for (let i = 0; i < tiers; i++) {
        const z0 = baseH + h * 0.2 + (i * h * 0.72) / tiers;
        const r = spread * (1 - i / (tiers + 0.6));
        parts.push({ ...coneUp([0, 0, z0], r, (h * 0.8) / tiers + r * 0.5), blend: 0.5 });
      }
      return shapeFromParts(parts, { blend: 1.5, cells: 90, triangles: 12_000 });
    }
    // Palm: a leaning, curving trunk of rings and drooping fronds.
    const h = between(random, 80, 130);
    const lean = between(random, 0.1, 0.35);
    const segs = 10;
    let p: Vec3 = [0, 0, baseH];
    for (let i = 0; i < segs; i++) {
      const u = (i + 1) / segs;
      const q: Vec3 = [h * lean * u * u, 0, baseH + h * u];
      parts.push(capsule(p, q, 4.5 - u * 1.5, 4.2 - u * 1.5));
      p = q;
    }
    const fronds = random.int(5, 9);
    for (let i = 0; i < fronds; i++) {
      const a = (i / fronds) * Math.PI * 2 + random.next() * 0.3;
      const len = h * between(random, 0.35, 0.5);
      const mid: Vec3 = [p[0] + Math.cos(a) * len * 0.5, p[1] + Math.sin(a) * len * 0.5, p[2] + len * 0.12];
      const end: Vec3 = [p[0] + Math.cos(a) * len, p[1] + Math.sin(a) * len, p[2] - len * 0.3];
      parts.push(flatLeaf(p, mid, 4), flatLeaf(mid, end, 3));
    }
    for (let i = 0; i < 3; i++)
      parts.push(ball([p[0] + Math.cos(i * 2.1) * 3.5, p[1] + Math.sin(i * 2.1) * 3.5, p[2] - 3], 3));
    return shapeFromParts(parts, { blend: 1.2, cells: 90, triangles: 12_000 });
  },
};

/** A leaf from a to b: an ellipsoid flattened across its length, lying roughly level. */
function flatLeaf(a: Vec3, b: Vec3, w: number): Part {
  const c: Vec3 = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];
  const dx = b[0] - a[0],
    dy = b[1] - a[1],
    dz = b[2] - a[2];
  const len = Math.sqrt(dx * dx + dy * dy + dz * dz);
  const yaw = Math.atan2(dy, dx);
  const pitch = Math.atan2(dz, Math.hypot(dx, dy));
  const e = ellipsoid([0, 0, 0], [len / 2 + 1, w, 1.4]);
  const pitched = turned(e, 'y', -pitch, [0, 0, 0]);
  const yawed = turned(pitched, 'z', yaw, [0, 0, 0]);
  return {
    sdf: (x, y, z) => yawed.sdf(x - c[0], y - c[1], z - c[2]),
    min: add(yawed.min, c),
    max: add(yawed.max, c),
  };
}

function translatedUp(p: Part, dz: number): Part {
  return {
    ...p,
    sdf: (x, y, z) => p.sdf(x, y, z - dz),
    min: [p.min[0], p.min[1], p.min[2] + dz],
    max: [p.max[0], p.max[1], p.max[2] + dz],
  };
}

/** A cone on the base at c, radius r, height h, point upwards. */
function coneUp(c: Vec3, r: number, h: number): Part {
  const slant = Math.sqrt(r * r + h * h);
  return {
    sdf: (x, y, z) => {
      const rr = Math.sqrt((x - c[0]) ** 2 + (y - c[1]) ** 2);
      const u = z - c[2];
      return Math.max(((rr - r) * h + u * r) / slant, -u);
    },
    min: [c[0] - r, c[1] - r, c[2]],
    max: [c[0] + r, c[1] + r, c[2] + h],
  };
}

/** A tapered pot from radius r0 at the foot to r1 at the rim, height h, rim at the top. */
function pot(r0: number, r1: number, h: number): Part {
  const slope = (r1 - r0) / h;
  const k = Math.sqrt(1 + slope * slope);
  return {
    sdf: (x, y, z) => {
      const rr = Math.sqrt(x * x + y * y);
      const side = (rr - (r0 + slope * Math.min(h, Math.max(0, z)))) / k;
      return Math.max(side, -z, z - h);
    },
    min: [-r1, -r1, 0],
    max: [r1, r1, h],
  };
}

/** A flower (or a few) in a pot: stems, leaves, heads of petals round a centre; or a cactus. */
export const flower: Family = {
  name: 'flower',
  words: [
    'flower',
    'rose',
    'tulip',
    'daisy',
    'sunflower',
    'plant',
    'cactus',
    'succulent',
    'bouquet',
    'lily',
    'potted',
  ],
  categories: ['flower', 'garden', 'outdoor-and-garden', 'biology', 'decor'],
  build(random) {
    const r0 = between(random, 14, 22);
    const r1 = r0 * between(random, 1.15, 1.45);
    const ph = between(random, 22, 38);
    const parts: Part[] = [pot(r0, r1, ph), { ...rod('z', [0, 0, ph - 2], r1 + 1.8, 2, 1), blend: 0.3 }];
    parts.push(carved(rod('z', [0, 0, ph + 1], r1 - 2.5, 3)));
    parts.push({ ...disc([0, 0, ph - 3.5], r1 - 2.2, r1 - 2.2, 1.5), blend: 0.2 });
    const soil = ph - 3;
    if (random.chance(0.25)) {
      // A cactus: a ribbed column with an arm or two.
      const h = between(random, 35, 70);
      const cr = r0 * between(random, 0.45, 0.6);
      const ribs = random.int(6, 10);
      const column = capsule([0, 0, soil], [0, 0, soil + h], cr);
      parts.push({
        ...column,
        sdf: (x, y, z) => column.sdf(x, y, z) + 0.8 * Math.cos(ribs * Math.atan2(y, x)),
      });
      for (let i = 0; i < random.int(1, 2); i++) {
        const s = i === 0 ? 1 : -1;
        const z = soil + h * between(random, 0.35, 0.6);
        const out = cr + between(random, 6, 10);
        parts.push(capsule([0, 0, z], [s * out, 0, z], cr * 0.5));
        parts.push(capsule([s * out, 0, z], [s * out, 0, z + between(random, 10, 22)], cr * 0.55));
      }
      return shapeFromParts(parts, { blend: 2, cells: 90, triangles: 12_000 });
    }
    const stems = random.int(1, 3);
    const petals = random.int(5, 12);
    const headR = between(random, 9, 16);
    for (let i = 0; i < stems; i++) {
      const a = (i / stems) * Math.PI * 2 + random.next();
      const off = stems === 1 ? 0 : r0 * 0.45;
      const h = between(random, 45, 80) * (i === 0 ? 1 : between(random, 0.7, 0.9));
      const tip: Vec3 = [Math.cos(a) * (off + h * 0.15), Math.sin(a) * (off + h * 0.15), soil + h];
      const foot: Vec3 = [Math.cos(a) * off * 0.5, Math.sin(a) * off * 0.5, soil];
      const mid: Vec3 = [
        (foot[0] + tip[0]) / 2 + between(random, -4, 4),
        (foot[1] + tip[1]) / 2,
        soil + h * 0.5,
      ];
      parts.push(capsule(foot, mid, 1.8), capsule(mid, tip, 1.8, 1.6));
      parts.push(
        flatLeaf(mid, [mid[0] + Math.cos(a + 1.5) * 18, mid[1] + Math.sin(a + 1.5) * 18, mid[2] + 6], 4),
      );
      if (random.chance(0.6))
        parts.push(
          flatLeaf(
            [foot[0], foot[1], soil + h * 0.2],
            [foot[0] + Math.cos(a - 1.5) * 16, foot[1] + Math.sin(a - 1.5) * 16, soil + h * 0.3],
            3.5,
          ),
        );
      // The head faces up and a little outwards.
      const hr = headR * (i === 0 ? 1 : 0.8);
      const cup = between(random, 0.1, 0.5);
      for (let k = 0; k < petals; k++) {
        const b = (k / petals) * Math.PI * 2;
        const end: Vec3 = [tip[0] + Math.cos(b) * hr, tip[1] + Math.sin(b) * hr, tip[2] + hr * cup];
        parts.push({ ...flatLeaf(tip, end, Math.max(2.5, (hr * Math.PI) / petals)), blend: 0.6 });
      }
      parts.push(ball([tip[0], tip[1], tip[2] + 1], hr * 0.32));
    }
    return shapeFromParts(parts, { blend: 1.4, cells: 90, triangles: 12_000 });
  },
};
