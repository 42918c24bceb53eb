import type { Vec3 } from '../solid';
import type { Family } from './family';
import {
  between,
  block,
  capsule,
  disc,
  ellipsoid,
  type Part,
  type Point2,
  pairY,
  prism,
  rod,
  shapeFromParts,
  turned,
} from './world-parts';

/**
 * A body of revolution along x from x0 (tail) to x1 (nose) whose radius and centre height follow
 * `radius(t)` and `centreZ(t)`, t in [0, 1]: fuselages, booms, floats.
 */
export function spindle(
  x0: number,
  x1: number,
  maxR: number,
  radius: (t: number) => number,
  centreZ: (t: number) => number,
): Part {
  const len = x1 - x0;
  let z0 = Infinity,
    z1 = -Infinity;
  for (let i = 0; i <= 20; i++) {
    const c = centreZ(i / 20);
    z0 = Math.min(z0, c - maxR);
    z1 = Math.max(z1, c + maxR);
  }
  return {
    sdf: (x, y, z) => {
      const t = (x - x0) / len;
      if (t < 0 || t > 1) {
        const tc = t < 0 ? 0 : 1;
        const dz = z - centreZ(tc);
        const dx = t < 0 ? x0 - x : x - x1;
        return Math.sqrt(dx * dx + y * y + dz * dz) - radius(tc);
      }
      const dz = z - centreZ(t);
      return (Math.sqrt(y * y + dz * dz) - radius(t)) * 0.85;
    },
    min: [x0, -maxR, z0],
    max: [x1, maxR, z1],
  };
}

/** A flat wing panel (right side, y > 0) from a root chord at y = root to a tip chord at y = span. */
function wing(
  rootLE: number,
  rootChord: number,
  root: number,
  span: number,
  sweep: number,
  tipChord: number,
  z: number,
  t: number,
  dihedral = 0,
): Part {
  const plan: Point2[] = [
    [rootLE, root],
    [rootLE - sweep, span],
    [rootLE - sweep - tipChord, span],
    [rootLE - rootChord, root],
  ];
  const panel = prism('z', plan, z - t / 2, z + t / 2, Math.min(t * 0.45, 1.2));
  return dihedral === 0 ? panel : turned(panel, 'x', dihedral, [0, root, z]);
}

/** An upright fin over the tail: root chord at z = z0, tip at z0 + h. */
function fin(
  rootLE: number,
  rootChord: number,
  z0: number,
  h: number,
  sweep: number,
  tipChord: number,
  t: number,
  y = 0,
): Part {
  // prism('y') takes (z, x) points.
  return prism(
    'y',
    [
      [z0, rootLE],
      [z0 + h, rootLE - sweep],
      [z0 + h, rootLE - sweep - tipChord],
      [z0, rootLE - rootChord],
    ],
    y - t / 2,
    y + t / 2,
    Math.min(t * 0.45, 1),
  );
}

/** A display stand: a round foot and a post up to (x, 0, z). */
function stand(x: number, z: number, r: number): Part[] {
  return [disc([x, 0, 2], r, r, 2, 1), rod('z', [x, 0, z / 2], 2.2, z / 2)];
}

/** An aircraft: an airliner (engines under swept wings), a fighter (delta wings, canopy) or a light prop plane. */
export const aircraft: Family = {
  name: 'aircraft',
  words: [
    'airplane',
    'aeroplane',
    'plane',
    'aircraft',
    'jet',
    'airliner',
    'fighter',
    'bomber',
    'glider',
    'cessna',
    'spitfire',
    'boeing',
    'airbus',
    'drone',
  ],
  categories: ['aircraft', 'military', 'commercial', 'vehicles', 'rc-vehicles'],
  build(random) {
    const kind = random.pick(['airliner', 'fighter', 'prop'] as const);
    const L = between(random, 120, 190);
    const R =
      L *
      (kind === 'airliner'
        ? between(random, 0.055, 0.07)
        : kind === 'fighter'
          ? between(random, 0.05, 0.06)
          : between(random, 0.06, 0.075));
    const onStand = random.chance(kind === 'fighter' ? 0.7 : 0.4);
    const z = onStand ? L * 0.35 : R * 2.2;
    const parts: Part[] = [];
    const tailUp = kind === 'prop' ? R * 0.4 : R * 0.7;
    const nose = kind === 'fighter' ? 0.32 : kind === 'airliner' ? 0.12 : 0.16;
    const tail = kind === 'fighter' ? 0.12 : 0.3;
    parts.push(
      spindle(
        -L / 2,
        L / 2,
        R,
        (t) => {
          if (t > 1 - nose) {
            const u = (t - (1 - nose)) / nose;
            return R * Math.sqrt(Math.max(0.02, 1 - u * u));
          }
          if (t < tail) return R * (0.3 + 0.7 * Math.sqrt(t / tail));
          return R;
        },
        (t) => z + (t < tail ? tailUp * (1 - t / tail) ** 1.5 : 0),
      ),
    );
    const span =
      kind === 'airliner'
        ? L * between(random, 0.42, 0.5)
        : kind === 'fighter'
          ? L * between(random, 0.24, 0.32)
          : L * between(random, 0.5, 0.6);
    if (kind === 'airliner') {
      const rootChord = L * between(random, 0.18, 0.24);
      const rootLE = L * between(random, 0.08, 0.15);
      const sweep = span * between(random, 0.45, 0.7);
      const wingZ = z - R * 0.45;
      for (const p of pairY(wing(rootLE, rootChord, 0, span, sweep, rootChord * 0.3, wingZ, 3, 0.08)))
        parts.push(p);
      const engines = random.chance(0.3) ? 2 : 1;
      for (let e = 0; e < engines; e++) {
        const y = span * (engines === 1 ? 0.36 : 0.3 + 0.3 * e);
        const ex = rootLE - sweep * (y / span) + R * 0.4;
        const er = R * between(random, 0.45, 0.6);
        for (const s of [-1, 1]) {
          parts.push(rod('x', [ex, s * y, wingZ - er * 1.2], er, er * 1.5, er * 0.5));
          parts.push(block([ex - er * 1.5, s * y - 1, wingZ - er * 0.6], [ex, s * y + 1, wingZ + 1]));
        }
      }
      const tailSpan = span * between(random, 0.3, 0.38);
      for (const p of pairY(
        wing(-L / 2 + L * 0.16, L * 0.1, 0, tailSpan, tailSpan * 0.6, L * 0.04, z + tailUp * 0.6, 2.4),
      ))
        parts.push(p);
      parts.push(
        fin(
          -L / 2 + L * 0.2,
          L * 0.16,
          z + tailUp * 0.5,
          L * between(random, 0.16, 0.22),
          L * 0.12,
          L * 0.06,
          2.6,
        ),
      );
    } else if (kind === 'fighter') {
      const rootLE = L * between(random, 0.1, 0.2);
      const rootChord = L * between(random, 0.45, 0.55);
      const tip = rootChord * between(random, 0.08, 0.25);
      const sweep = rootChord - tip - between(random, 0, 8);
      for (const p of pairY(wing(rootLE, rootChord, 0, span, sweep, tip, z - R * 0.2, 2.6))) parts.push(p);
      for (const p of pairY(
        wing(-L / 2 + L * 0.14, L * 0.12, 0, span * 0.45, L * 0.08, L * 0.04, z - R * 0.1, 2.2),
      ))
        parts.push(p);
      const twin = random.chance(0.5);
      const finH = L * between(random, 0.12, 0.17);
      if (twin)
        for (const s of [-1, 1])
          parts.push(
            turned(
              fin(-L / 2 + L * 0.22, L * 0.16, z, finH, L * 0.1, L * 0.05, 2.2, s * R * 0.9),
              'x',
              s * 0.25,
              [0, s * R * 0.9, z],
            ),
          );
      else parts.push(fin(-L / 2 + L * 0.22, L * 0.18, z, finH, L * 0.12, L * 0.05, 2.4));
      parts.push(ellipsoid([L * 0.22, 0, z + R * 0.7], [L * 0.12, R * 0.6, R * 0.7]));
      for (const s of [-1, 1])
        parts.push(
          block(
            [-L * 0.1, s * R * 0.9 - R * 0.4, z - R * 0.9],
            [L * 0.18, s * R * 0.9 + R * 0.4, z + R * 0.1],
            1.5,
          ),
        );
    } else {
      const chord = L * between(random, 0.14, 0.18);
      const high = random.chance(0.5);
      const wingZ = high ? z + R * 0.9 : z - R * 0.6;
      const rootLE = L * between(random, 0.12, 0.2);
      for (const p of pairY(
        wing(rootLE, chord, 0, span, chord * 0.05, chord * 0.75, wingZ, 3, high ? 0 : 0.06),
      ))
        parts.push(p);
      if (high)
        for (const s of [-1, 1])
          parts.push(
            capsule(
              [rootLE - chord * 0.4, s * R * 0.8, z - R * 0.6],
              [rootLE - chord * 0.5, s * span * 0.45, wingZ],
              1.3,
            ),
          );
      for (const p of pairY(
        wing(-L / 2 + L * 0.12, L * 0.09, 0, span * 0.3, L * 0.02, L * 0.06, z + tailUp * 0.7, 2.2),
      ))
        parts.push(p);
      parts.push(fin(-L / 2 + L * 0.17, L * 0.14, z + tailUp * 0.6, L * 0.15, L * 0.08, L * 0.07, 2.4));
      // Spinner and a propeller of two or three blades in the plane x = nose.
      const px = L / 2 + 2;
      parts.push(ellipsoid([px - 1, 0, z], [5, R * 0.45, R * 0.45]));
      const blades = random.int(2, 3);
      for (let i = 0; i < blades; i++) {
        const a = (i / blades) * Math.PI * 2 + 0.3;
        parts.push(capsule([px, 0, z], [px, Math.cos(a) * L * 0.13, z + Math.sin(a) * L * 0.13], 2.2, 1.3));
      }
    }
    if (onStand) parts.push(...stand(L * 0.02, z - R * 0.8, L * 0.2));
    else {
      // Landing gear: a nose leg and two main legs, each on a wheel touching the ground.
      const wheelR = R * 0.45;
      const legs: Vec3[] = [
        [L * 0.35, 0, wheelR],
        [-L * 0.02, R * 1.4, wheelR],
        [-L * 0.02, -R * 1.4, wheelR],
      ];
      for (const [x, y, wz] of legs) {
        parts.push(rod('y', [x, y, wz], wheelR, 1.6, 0.6));
        parts.push(capsule([x, y * 0.7, wz], [x, y * 0.5, z - R * 0.5], 1.2));
      }
    }
    return shapeFromParts(parts, { blend: 1.2, cells: 75, triangles: 14_000 });
  },
};

/** A helicopter: cabin, tail boom, fin and tail rotor, a main rotor of two to five blades, skids or wheels. */
export const helicopter: Family = {
  name: 'helicopter',
  words: ['helicopter', 'chopper', 'heli', 'copter', 'gyrocopter'],
  categories: ['helicopter', 'aircraft', 'military', 'rc-vehicles'],
  build(random) {
    const L = between(random, 90, 140);
    const cabinL = L * between(random, 0.45, 0.56);
    const cabinR = cabinL * between(random, 0.32, 0.42);
    const skid = random.chance(0.7);
    const cz = cabinR + (skid ? L * 0.09 : L * 0.06);
    const cx = L / 2 - cabinL / 2;
    const parts: Part[] = [];
    parts.push(ellipsoid([cx, 0, cz], [cabinL / 2, cabinR * between(random, 0.8, 1), cabinR]));
    parts.push(
      ellipsoid([cx - cabinL * 0.35, 0, cz + cabinR * 0.2], [cabinL * 0.35, cabinR * 0.6, cabinR * 0.7]),
    );
    const tailX = -L / 2;
    parts.push(
      capsule(
        [cx - cabinL * 0.25, 0, cz + cabinR * 0.2],
        [tailX + 3, 0, cz + cabinR * 0.5],
        cabinR * 0.42,
        between(random, 1.8, 2.6),
      ),
    );
    parts.push(fin(tailX + 12, 11, cz + cabinR * 0.4, cabinR * between(random, 0.9, 1.5), 6, 6, 3));
    const rotorZ = cz + cabinR * 0.95;
    parts.push(rod('y', [tailX + 5, 2.5, rotorZ], 2.2, 3));
    for (const a of [0.4, 0.4 + Math.PI / 2]) {
      const reach = L * 0.085;
      parts.push(
        capsule(
          [tailX + 5 - Math.cos(a) * reach, 5, rotorZ - Math.sin(a) * reach],
          [tailX + 5 + Math.cos(a) * reach, 5, rotorZ + Math.sin(a) * reach],
          1.4,
        ),
      );
    }
    const mastTop = cz + cabinR + 6;
    parts.push(
      block(
        [cx - cabinL * 0.2, -cabinR * 0.4, cz + cabinR * 0.5],
        [cx + cabinL * 0.1, cabinR * 0.4, cz + cabinR + 2],
        2.5,
      ),
    );
    parts.push(rod('z', [cx - cabinL * 0.05, 0, mastTop - 3], 2, 4));
    parts.push(rod('z', [cx - cabinL * 0.05, 0, mastTop], 3.5, 1.8, 0.8));
    const blades = random.int(2, 5);
    const bladeL = L * between(random, 0.48, 0.58);
    const spin = random.next() * Math.PI;
    for (let i = 0; i < blades; i++) {
      const a = spin + (i / blades) * Math.PI * 2;
      const blade = block([0, -2.6, mastTop - 0.8], [bladeL, 2.6, mastTop + 0.8], 0.6);
      parts.push(shifted(turned(blade, 'z', a, [0, 0, 0]), cx - cabinL * 0.05, 0));
    }
    if (skid) {
      const sy = cabinR * 0.85;
      for (const s of [-1, 1]) {
        parts.push(capsule([cx - cabinL * 0.55, s * sy, 1.5], [cx + cabinL * 0.5, s * sy, 1.5], 1.5));
        parts.push(capsule([cx + cabinL * 0.5, s * sy, 1.5], [cx + cabinL * 0.6, s * sy, 4], 1.5));
        for (const x of [cx - cabinL * 0.3, cx + cabinL * 0.25])
          parts.push(capsule([x, s * sy, 1.5], [x, s * sy * 0.4, cz - cabinR * 0.6], 1.3));
      }
    } else {
      for (const [x, y] of [
        [cx + cabinL * 0.35, 0],
        [cx - cabinL * 0.2, cabinR * 0.8],
        [cx - cabinL * 0.2, -cabinR * 0.8],
      ] as const) {
        parts.push(rod('y', [x, y, 3.5], 3.5, 1.4, 0.5));
        parts.push(capsule([x, y * 0.8, 3.5], [x, y * 0.5, cz - cabinR * 0.5], 1.3));
      }
    }
    return shapeFromParts(parts, { blend: 1.2, cells: 75, triangles: 14_000 });
  },
};

/** The part moved by (dx, dy) in the horizontal plane. */
function shifted(p: Part, dx: number, dy: number): Part {
  return {
    ...p,
    sdf: (x, y, z) => p.sdf(x - dx, y - dy, z),
    min: [p.min[0] + dx, p.min[1] + dy, p.min[2]],
    max: [p.max[0] + dx, p.max[1] + dy, p.max[2]],
  };
}

/** A rocket standing on its fins: stages, a nose cone or capsule, fins, maybe strap-on boosters. */
export const rocket: Family = {
  name: 'rocket',
  words: [
    'rocket',
    'spaceship',
    'spacecraft',
    'shuttle',
    'missile',
    'starship',
    'saturn',
    'falcon',
    'lander',
    'satellite',
  ],
  categories: ['spacecraft', 'physics-and-astronomy', 'military', 'toy-and-game-accessories'],
  build(random) {
    const H = between(random, 110, 220);
    const R = H * between(random, 0.07, 0.1);
    const stages = random.int(1, 3);
    const parts: Part[] = [];
    const base = H * 0.06;
    let z = base;
    let r = R;
    const stageH = (H * 0.72) / stages;
    for (let i = 0; i < stages; i++) {
      parts.push(rod('z', [0, 0, z + stageH / 2], r, stageH / 2, 0.6));
      parts.push(rod('z', [0, 0, z + stageH - 0.8], r + 0.9, 0.9, 0.4));
      z += stageH;
      if (i < stages - 1) r *= between(random, 0.7, 0.95);
    }
    const noseH = H - z;
    const capsuleNose = random.chance(0.35);
    if (capsuleNose) {
      parts.push(cone([0, 0, z], r * 1.05, noseH * 0.4));
      parts.push(capsule([0, 0, z + noseH * 0.4], [0, 0, H - 2], 1.2, 0.8));
    } else parts.push(ogive([0, 0, z], r, noseH));
    // Engine bells under the first stage.
    const bells = random.pick([1, 1, 3, 4]);
    for (let i = 0; i < bells; i++) {
      const a = (i / bells) * Math.PI * 2;
      const d = bells === 1 ? 0 : R * 0.5;
      parts.push(
        cone([d * Math.cos(a), d * Math.sin(a), 0], bells === 1 ? R * 0.7 : R * 0.35, base + 2, true),
      );
    }
    const fins = random.pick([3, 4, 4]);
    const finH = H * between(random, 0.14, 0.24);
    const finW = R * between(random, 1.1, 1.9);
    for (let i = 0; i < fins; i++) {
      const a = (i / fins) * Math.PI * 2 + Math.PI / 4;
      const f = prism(
        'y',
        [
          [0, R - 1],
          [0, R + finW],
          [finH * 0.35, R + finW],
          [finH, R - 1],
        ],
        -1.3,
        1.3,
        0.5,
      );
      parts.push(turned(f, 'z', a, [0, 0, 0]));
    }
    if (random.chance(0.4)) {
      const br = R * between(random, 0.35, 0.5);
      const bh = H * between(random, 0.3, 0.45);
      for (const s of [-1, 1]) {
        const bx = s * (R + br - 0.5);
        parts.push(rod('z', [bx, 0, base + bh / 2], br, bh / 2, 0.5));
        parts.push(ogive([bx, 0, base + bh], br, br * 2.5));
        parts.push(cone([bx, 0, 0], br * 0.7, base + 1, true));
      }
    }
    return shapeFromParts(parts, { blend: 0.8, cells: 90, triangles: 12_000 });
  },
};

/** A cone standing at c: base radius r, height h; `down` points it up from a wide mouth at the bottom (a nozzle). */
function cone(c: Vec3, r: number, h: number, down = false): Part {
  const slant = Math.sqrt(r * r + h * h);
  return {
    sdf: (x, y, z) => {
      const rr = Math.sqrt((x - c[0]) ** 2 + (y - c[1]) ** 2);
      const u = down ? c[2] + h - z : z - c[2];
      const side = ((rr - r) * h + u * r) / slant;
      return Math.max(side, -u, u - h);
    },
    min: [c[0] - r, c[1] - r, c[2]],
    max: [c[0] + r, c[1] + r, c[2] + h],
  };
}

/** A rounded nose: half an ellipsoid of radius r and height h on the base at c. */
function ogive(c: Vec3, r: number, h: number): Part {
  const e = ellipsoid(c, [r, r, h]);
  return {
    ...e,
    sdf: (x, y, z) => Math.max(e.sdf(x, y, z), c[2] - z - 0.5),
    min: [c[0] - r, c[1] - r, c[2] - 0.5],
  };
}
