import type { Vec3 } from '../solid';
import type { Family } from './family';
import { between, block, capsule, disc, type Part, prism, ring, rod, shapeFromParts } from './world-parts';

/** A leg from the floor at (x, y) up to `top`, square or round, optionally splayed outwards by `splay`. */
function leg(round: boolean, x: number, y: number, top: number, t: number, splay = 0): Part {
  if (splay > 0) {
    const len = Math.hypot(x, y) || 1;
    return capsule([x + (x / len) * splay, y + (y / len) * splay, t / 2], [x, y, top], t / 2, t / 2);
  }
  return round
    ? rod('z', [x, y, top / 2], t / 2, top / 2)
    : block([x - t / 2, y - t / 2, 0], [x + t / 2, y + t / 2, top], t * 0.15);
}

/** A chair from parts: legs, seat, a back of slats, spindles or a panel, optional stretchers and arms. */
export const chair: Family = {
  name: 'chair',
  words: ['chair', 'armchair', 'seat', 'throne', 'recliner'],
  categories: ['chair', 'furniture', 'model-furniture', 'interior'],
  build(random) {
    const w = between(random, 40, 55);
    const d = between(random, 38, 50);
    const seatZ = between(random, 40, 50);
    const t = between(random, 3.5, 5.5);
    const seatT = between(random, 3.5, 6);
    const backH = between(random, 35, 60);
    const roundLegs = random.chance(0.4);
    const parts: Part[] = [];
    const hx = w / 2 - t / 2 - 1,
      hy = d / 2 - t / 2 - 1;
    for (const sx of [-1, 1])
      for (const sy of [-1, 1]) parts.push(leg(roundLegs, sx * hx, sy * hy, seatZ - seatT / 2, t));
    parts.push(block([-w / 2, -d / 2, seatZ - seatT], [w / 2, d / 2, seatZ], seatT * 0.4));
    // Back posts continue the rear legs, leaning back a little.
    const lean = between(random, 0, 8);
    const top = seatZ + backH;
    const backY = d / 2 - t / 2 - 1;
    for (const sx of [-1, 1])
      parts.push(
        capsule([sx * hx, backY, seatZ - seatT], [sx * hx * 0.95, backY + lean, top], t / 2, t * 0.45),
      );
    const style = random.pick(['slats', 'spindles', 'panel', 'ladder'] as const);
    const yAt = (z: number) => backY + (lean * (z - seatZ)) / backH;
    if (style === 'panel') {
      const z0 = seatZ + between(random, 6, 14);
      parts.push(
        prism(
          'x',
          [
            [yAt(z0) - 1.5, z0],
            [yAt(z0) + 1.5, z0],
            [yAt(top) + 1.5, top],
            [yAt(top) - 1.5, top],
          ],
          -hx,
          hx,
          0.8,
        ),
      );
    } else if (style === 'spindles') {
      const n = random.int(3, 7);
      const zr = top - between(random, 3, 6);
      parts.push(capsule([-hx, yAt(zr), zr], [hx, yAt(zr), zr], t * 0.55));
      for (let i = 1; i <= n; i++) {
        const x = -hx + (2 * hx * i) / (n + 1);
        parts.push(capsule([x, yAt(seatZ), seatZ], [x, yAt(zr), zr], t * 0.3));
      }
    } else {
      const n = style === 'ladder' ? random.int(3, 5) : random.int(1, 3);
      const slatH = style === 'ladder' ? between(random, 3, 4.5) : between(random, 6, 12);
      for (let i = 0; i < n; i++) {
        const z = top - slatH / 2 - 1 - i * (slatH + between(random, 3, 7));
        if (z < seatZ + slatH) break;
        const y = yAt(z);
        parts.push(block([-hx, y - 1.3, z - slatH / 2], [hx, y + 1.3, z + slatH / 2], 0.8));
      }
    }
    if (random.chance(0.5)) {
      const z = between(random, 10, seatZ * 0.4);
      const r = t * 0.35;
      for (const s of [-1, 1]) {
        parts.push(capsule([s * hx, -hy, z], [s * hx, hy, z], r));
        if (random.chance(0.5)) parts.push(capsule([-hx, s * hy, z + 4], [hx, s * hy, z + 4], r));
      }
    }
    if (random.chance(0.35)) {
      const az = seatZ + between(random, 16, 24);
      for (const s of [-1, 1]) {
        parts.push(block([s * hx - t * 0.6, -hy - 3, az - 2], [s * hx + t * 0.6, yAt(az), az + 2], 1.5));
        parts.push(capsule([s * hx, -hy, seatZ], [s * hx, -hy + 1, az], t * 0.4));
      }
    }
    return shapeFromParts(parts, { blend: 0.8, cells: random.int(78, 88), triangles: 14_000 });
  },
};

/** A table: a rectangular, round or oval top on four legs, trestles or a pedestal; maybe an apron and a shelf. */
export const table: Family = {
  name: 'table',
  words: ['table', 'desk', 'workbench', 'nightstand', 'sideboard', 'counter'],
  categories: ['table', 'furniture', 'model-furniture', 'interior'],
  build(random) {
    const shape = random.pick(['rect', 'round', 'oval', 'rect'] as const);
    const w = shape === 'round' ? between(random, 70, 110) : between(random, 90, 160);
    const d = shape === 'round' ? w : w * between(random, 0.45, 0.7);
    const h = between(random, 55, 80);
    const topT = between(random, 3.5, 6);
    const t = between(random, 4.5, 8);
    const parts: Part[] = [];
    if (shape === 'rect') parts.push(block([-w / 2, -d / 2, h - topT], [w / 2, d / 2, h], topT * 0.4));
    else parts.push(disc([0, 0, h - topT / 2], w / 2, d / 2, topT / 2, topT * 0.4));
    const base =
      shape === 'rect'
        ? random.pick(['legs', 'legs', 'trestle'] as const)
        : random.pick(['legs', 'pedestal'] as const);
    const inset = between(random, 3, 8) + t / 2;
    const lx = shape === 'rect' ? w / 2 - inset : (w / 2) * 0.62;
    const ly = shape === 'rect' ? d / 2 - inset : (d / 2) * 0.62;
    if (base === 'legs') {
      const roundLegs = random.chance(0.4);
      const splay = random.chance(0.3) ? between(random, 3, 8) : 0;
      for (const sx of [-1, 1])
        for (const sy of [-1, 1]) parts.push(leg(roundLegs, sx * lx, sy * ly, h - topT, t, splay));
      if (shape === 'rect' && random.chance(0.6)) {
        const ah = between(random, 5, 10);
        parts.push(block([-lx, -ly - 1.2, h - topT - ah], [lx, -ly + 1.2, h - topT], 0.5));
        parts.push(block([-lx, ly - 1.2, h - topT - ah], [lx, ly + 1.2, h - topT], 0.5));
      }
      if (random.chance(0.4)) {
        const sz = between(random, 10, 20);
        parts.push(block([-lx, -ly, sz - 1.6], [lx, ly, sz + 1.6], 0.6));
      }
    } else if (base === 'trestle') {
      for (const s of [-1, 1]) {
        parts.push(block([s * lx - t / 2, -ly, 0], [s * lx + t / 2, ly, 4], 1));
        parts.push(block([s * lx - t / 2, -t / 2, 0], [s * lx + t / 2, t / 2, h - topT / 2], 1));
        parts.push(block([s * lx - t / 2, -ly * 0.9, h - topT - 4], [s * lx + t / 2, ly * 0.9, h - topT], 1));
      }
      parts.push(block([-lx, -t * 0.4, h * 0.35], [lx, t * 0.4, h * 0.35 + t * 0.8], 0.8));
    } else {
      const r = between(random, 4, 8);
      parts.push(rod('z', [0, 0, h / 2], r, h / 2));
      const feet = random.int(3, 5);
      const reach = Math.min(w, d) * between(random, 0.3, 0.4);
      for (let i = 0; i < feet; i++) {
        const a = (i / feet) * Math.PI * 2;
        parts.push(capsule([0, 0, 6], [reach * Math.cos(a), reach * Math.sin(a), 2.5], 3.5, 2.5));
      }
    }
    return shapeFromParts(parts, { blend: 1, cells: random.int(80, 90), triangles: 14_000 });
  },
};

/** A sofa: base, back and arms as rounded blocks, two to four seat cushions, feet; sometimes a chaise. */
export const sofa: Family = {
  name: 'sofa',
  words: ['sofa', 'couch', 'settee', 'loveseat', 'bench', 'ottoman'],
  categories: ['sofa', 'furniture', 'model-furniture', 'interior'],
  build(random) {
    const seats = random.int(2, 4);
    const seatW = between(random, 28, 38);
    const armW = between(random, 6, 14);
    const w = seats * seatW + 2 * armW;
    const d = between(random, 38, 50);
    const baseZ = between(random, 4, 9);
    const seatZ = baseZ + between(random, 10, 16);
    const backZ = seatZ + between(random, 18, 28);
    const armZ = seatZ + between(random, 6, 14);
    const soft = between(random, 2, 5);
    const parts: Part[] = [];
    parts.push(block([-w / 2, -d / 2, baseZ], [w / 2, d / 2, seatZ - 4], soft));
    const backT = between(random, 8, 13);
    parts.push(block([-w / 2, d / 2 - backT, baseZ], [w / 2, d / 2, backZ], soft * 1.5));
    const rolled = random.chance(0.4);
    for (const s of [-1, 1]) {
      const x0 = s * (w / 2 - armW / 2);
      if (rolled) {
        parts.push(block([x0 - armW / 2, -d / 2, baseZ], [x0 + armW / 2, d / 2, armZ - armW / 2], soft));
        parts.push(
          capsule(
            [x0, -d / 2 + armW / 2, armZ - armW / 2],
            [x0, d / 2 - armW / 2, armZ - armW / 2],
            armW / 2 + 1,
          ),
        );
      } else parts.push(block([x0 - armW / 2, -d / 2, baseZ], [x0 + armW / 2, d / 2, armZ], soft));
    }
    const gap = 1.2;
    for (let i = 0; i < seats; i++) {
      const x0 = -w / 2 + armW + i * seatW + gap / 2;
      parts.push({
        ...block([x0, -d / 2 + 1, seatZ - 5], [x0 + seatW - gap, d / 2 - backT, seatZ], soft),
        blend: 0,
      });
      if (random.chance(0.7))
        parts.push({
          ...block(
            [x0 + 1, d / 2 - backT - 7, seatZ],
            [x0 + seatW - gap - 1, d / 2 - backT + 1, backZ - 3],
            soft * 1.2,
          ),
          blend: 0,
        });
    }
    if (random.chance(0.3)) {
      const side = random.pick([-1, 1]);
      const x0 = side * (w / 2 - armW - seatW / 2);
      parts.push(
        block(
          [x0 - seatW / 2, -d / 2 - between(random, 25, 40), baseZ],
          [x0 + seatW / 2, -d / 2 + 2, seatZ],
          soft,
        ),
      );
    }
    const footR = between(random, 1.6, 2.5);
    for (const sx of [-1, 1])
      for (const sy of [-1, 1])
        parts.push(rod('z', [sx * (w / 2 - 4), sy * (d / 2 - 4), baseZ / 2 + 0.5], footR, baseZ / 2 + 0.5));
    return shapeFromParts(parts, { blend: 1.2, cells: random.int(80, 90) });
  },
};

/** A stool: a round or square seat on three or four splayed legs, with a ring or bars as a footrest. */
export const stool: Family = {
  name: 'stool',
  words: ['stool', 'barstool', 'footstool', 'tabouret'],
  categories: ['furniture', 'model-furniture', 'interior'],
  build(random) {
    const tall = random.chance(0.5);
    const h = tall ? between(random, 70, 95) : between(random, 35, 50);
    const r = between(random, 15, 22);
    const seatT = between(random, 4, 7);
    const n = random.pick([3, 4, 4]);
    const t = between(random, 3.5, 5.5);
    const splay = between(random, 3, 10);
    const round = random.chance(0.65);
    const parts: Part[] = [];
    if (round) parts.push(rod('z', [0, 0, h - seatT / 2], r, seatT / 2, seatT * 0.45));
    else parts.push(block([-r, -r, h - seatT], [r, r, h], seatT * 0.4));
    const legR = r * 0.72;
    const feet: Vec3[] = [];
    for (let i = 0; i < n; i++) {
      const a = (i / n) * Math.PI * 2 + Math.PI / 4;
      const top: Vec3 = [legR * Math.cos(a), legR * Math.sin(a), h - seatT / 2];
      const foot: Vec3 = [(legR + splay) * Math.cos(a), (legR + splay) * Math.sin(a), t / 2];
      feet.push(foot);
      parts.push(capsule(foot, top, t / 2, t * 0.45));
    }
    const rz = h * between(random, 0.3, 0.4);
    const at = rz / h;
    const rr = legR + splay * (1 - at);
    if (round && (random.chance(0.5) || n === 3)) parts.push(ring('z', [0, 0, rz], rr, t * 0.35));
    else
      for (let i = 0; i < n; i++) {
        const a0 = (i / n) * Math.PI * 2 + Math.PI / 4;
        const a1 = ((i + 1) / n) * Math.PI * 2 + Math.PI / 4;
        parts.push(
          capsule(
            [rr * Math.cos(a0), rr * Math.sin(a0), rz],
            [rr * Math.cos(a1), rr * Math.sin(a1), rz],
            t * 0.35,
          ),
        );
      }
    return shapeFromParts(parts, { blend: 1, cells: random.int(76, 86), triangles: 14_000 });
  },
};
