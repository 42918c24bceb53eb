import type { Vec3 } from '../solid';
import type { Family } from './family';
import {
  ball,
  between,
  block,
  capsule,
  carved,
  common,
  ellipsoid,
  frontProfile,
  group,
  type Part,
  type Point2,
  prism,
  ring,
  rod,
  shapeFromParts,
  sideProfile,
} from './world-parts';

/** A wheel on the y axis at (x, ±y, r): tyre, a recessed rim and a hub. */
function wheel(x: number, y: number, r: number, width: number): Part {
  const outward = Math.sign(y) || 1;
  const face = y + (outward * width) / 2;
  return group(
    [
      rod('y', [x, y, r], r, width / 2, Math.min(r * 0.3, width * 0.4)),
      carved(rod('y', [x, face, r], r * 0.62, 0.9)),
      rod('y', [x, face - outward * 0.9, r], r * 0.22, 0.8),
    ],
    0.3,
  );
}

/** Wheels at the given stations, with an axle joining each pair through the body. */
function axles(stations: readonly number[], track: number, r: number, width: number): Part[] {
  const parts: Part[] = [];
  for (const x of stations) {
    parts.push(wheel(x, track / 2, r, width), wheel(x, -track / 2, r, width));
    parts.push(rod('y', [x, 0, r], r * 0.3, track / 2));
  }
  return parts;
}

const scaled = (points: readonly Point2[], sx: number, sz: number, dx = 0, dz = 0): Point2[] =>
  points.map(([x, z]) => [x * sx + dx, z * sz + dz] as const);

/** A car: sport, classic or concept body (side, plan and front views intersected), four wheels in arches. */
export const car: Family = {
  name: 'car',
  words: [
    'car',
    'coupe',
    'sedan',
    'roadster',
    'racecar',
    'supercar',
    'convertible',
    'hatchback',
    'jeep',
    'suv',
    'automobile',
    'vehicle',
  ],
  categories: ['sport-car', 'classic-car', 'concept-car', 'vehicles', 'automotive', 'rc-vehicles'],
  build(random) {
    const style = random.pick(['sport', 'classic', 'concept', 'hatch'] as const);
    const L = between(random, 90, 150);
    const W = L * between(random, 0.38, 0.46);
    const H =
      L *
      (style === 'sport'
        ? between(random, 0.24, 0.29)
        : style === 'classic'
          ? between(random, 0.34, 0.4)
          : between(random, 0.28, 0.36));
    const r = L * between(random, 0.085, 0.105);
    const tyreW = W * between(random, 0.17, 0.24);
    const wb = L * between(random, 0.29, 0.34);
    // Side views as (x along the length, front at +x, fraction of height) from the front bumper's foot.
    const roofFront = between(random, 0.0, 0.15);
    const roofBack = between(random, -0.3, -0.12);
    const profiles: Record<typeof style, Point2[]> = {
      sport: [
        [-0.5, 0.16],
        [0.48, 0.13],
        [0.5, 0.3],
        [0.44, 0.42],
        [0.18, 0.54],
        [roofFront, 0.96],
        [roofBack, 0.98],
        [-0.42, 0.62],
        [-0.5, 0.55],
      ],
      classic: [
        [-0.5, 0.2],
        [0.5, 0.2],
        [0.5, 0.48],
        [0.22, 0.56],
        [0.14, 0.6],
        [roofFront * 0.6, 0.98],
        [roofBack - 0.05, 1],
        [-0.36, 0.62],
        [-0.5, 0.55],
      ],
      concept: [
        [-0.5, 0.18],
        [0.5, 0.14],
        [0.5, 0.22],
        [0.1, 0.72],
        [-0.1, 0.95],
        [-0.32, 0.9],
        [-0.5, 0.58],
      ],
      hatch: [
        [-0.5, 0.18],
        [0.48, 0.16],
        [0.5, 0.4],
        [0.3, 0.52],
        [0.12, 0.6],
        [roofFront * 0.5 - 0.02, 0.98],
        [-0.44, 0.96],
        [-0.5, 0.6],
      ],
    };
    const side = sideProfile(scaled(profiles[style], L, H), W / 2);
    const taper = between(random, 0.05, 0.18);
    const plan = prism(
      'z',
      [
        [-L / 2, -W / 2 + W * 0.03],
        [L * 0.28, -W / 2],
        [L / 2, -W / 2 + W * taper],
        [L / 2, W / 2 - W * taper],
        [L * 0.28, W / 2],
        [-L / 2, W / 2 - W * 0.03],
      ],
      0,
      H,
    );
    const tumble = between(random, 0.08, 0.16);
    const front = frontProfile(
      [
        [-W / 2 + W * 0.06, H * 0.1],
        [W / 2 - W * 0.06, H * 0.1],
        [W / 2, H * 0.5],
        [W / 2 - W * tumble, H * 1.01],
        [-W / 2 + W * tumble, H * 1.01],
        [-W / 2, H * 0.5],
      ],
      -L / 2,
      L / 2,
    );
    const round = style === 'concept' ? H * 0.18 : H * between(random, 0.07, 0.12);
    const body: Part[] = [common(round, side, plan, front)];
    const stations = [wb, -wb];
    for (const x of stations)
      for (const s of [-1, 1]) body.push(carved(rod('y', [x, (s * W) / 2, r], r * 1.12, tyreW / 2 + 2)));
    const parts: Part[] = [group(body, 1)];
    if (style === 'classic')
      for (const s of [-1, 1]) {
        parts.push(
          capsule(
            [wb + r * 1.2, s * (W / 2 - tyreW / 2), r * 1.15],
            [-wb - r * 1.2, s * (W / 2 - tyreW / 2), r * 1.15],
            tyreW * 0.55,
          ),
        );
        parts.push(ball([L / 2 - 3, s * W * 0.3, H * 0.45], H * 0.09));
      }
    if (style === 'sport' && random.chance(0.5)) {
      const z = H * 0.7;
      parts.push(block([-L / 2 + 1, -W * 0.45, z], [-L / 2 + L * 0.08, W * 0.45, z + 2.2], 0.8));
      for (const s of [-1, 1])
        parts.push(block([-L / 2 + 3, s * W * 0.3 - 1.2, H * 0.5], [-L / 2 + 6, s * W * 0.3 + 1.2, z + 1]));
    }
    parts.push(...axles(stations, W - tyreW * 0.6, r, tyreW));
    return shapeFromParts(parts, { blend: 0.8, cells: 90, triangles: 14_000 });
  },
};

/** A truck: cab-over or bonneted cab, a box, tank or flatbed load, two or three axles. */
export const truck: Family = {
  name: 'truck',
  words: ['truck', 'lorry', 'van', 'pickup', 'tanker', 'bus', 'tractor', 'semi', 'firetruck', 'dumper'],
  categories: ['truck', 'vehicles', 'automotive', 'rc-vehicles'],
  build(random) {
    const L = between(random, 110, 190);
    const W = between(random, 40, 55);
    const r = between(random, 9, 13);
    const tyreW = between(random, 7, 10);
    const clear = r * 1.1;
    const cabL = between(random, 28, 40);
    const cabH = between(random, 40, 60);
    const bonnet = random.chance(0.45) ? between(random, 16, 26) : 0;
    const parts: Part[] = [];
    const xFront = L / 2;
    const cabX1 = xFront - bonnet;
    const cabX0 = cabX1 - cabL;
    // The chassis rails carry everything.
    parts.push(block([-L / 2 + 4, -W * 0.3, clear - 2], [xFront - 2, W * 0.3, clear + 4], 1));
    const cab: Part[] = [block([cabX0, -W / 2, clear], [cabX1, W / 2, clear + cabH], 4)];
    // Windscreen and side windows as shallow recesses.
    cab.push(
      carved(
        block(
          [cabX1 - 1.2, -W / 2 + 4, clear + cabH * 0.55],
          [cabX1 + 1, W / 2 - 4, clear + cabH * 0.9],
          1.5,
        ),
      ),
    );
    for (const s of [-1, 1])
      cab.push(
        carved(
          block(
            [cabX1 - cabL * 0.55, (s * W) / 2 - 1.2, clear + cabH * 0.55],
            [cabX1 - 4, (s * W) / 2 + 1.2, clear + cabH * 0.88],
            1.5,
          ),
        ),
      );
    parts.push(group(cab, 0));
    if (bonnet > 0)
      parts.push(block([cabX1 - 2, -W * 0.42, clear], [xFront, W * 0.42, clear + cabH * 0.5], 4));
    parts.push(block([xFront - 3, -W / 2, clear - 4], [xFront + 1.5, W / 2, clear + 4], 1.5));
    const loadX0 = -L / 2,
      loadX1 = cabX0 - 3;
    const load = random.pick(['box', 'tank', 'flatbed', 'tipper'] as const);
    const loadZ = clear + 4;
    if (load === 'box') {
      const bh = cabH * between(random, 1, 1.35);
      parts.push(block([loadX0, -W / 2 - 1, loadZ], [loadX1, W / 2 + 1, loadZ + bh], 2));
      const ribs = Math.floor((loadX1 - loadX0) / 12);
      for (let i = 1; i < ribs; i++) {
        const x = loadX0 + ((loadX1 - loadX0) * i) / ribs;
        parts.push(block([x - 0.8, -W / 2 - 1.8, loadZ], [x + 0.8, W / 2 + 1.8, loadZ + bh], 0.4));
      }
    } else if (load === 'tank') {
      const tr = W * between(random, 0.42, 0.5);
      parts.push(rod('x', [(loadX0 + loadX1) / 2, 0, loadZ + tr], tr, (loadX1 - loadX0) / 2, tr * 0.6));
      parts.push(block([loadX0 + 4, -W * 0.35, loadZ - 1], [loadX1 - 4, W * 0.35, loadZ + tr]));
      parts.push(rod('z', [(loadX0 + loadX1) / 2, 0, loadZ + 2 * tr], 4, 2));
    } else if (load === 'tipper') {
      const bh = cabH * 0.55;
      parts.push(
        group(
          [
            block([loadX0, -W / 2, loadZ], [loadX1, W / 2, loadZ + bh], 1.5),
            carved(block([loadX0 + 2, -W / 2 + 2, loadZ + 3], [loadX1 - 2, W / 2 - 2, loadZ + bh + 3])),
          ],
          0,
        ),
      );
    } else {
      parts.push(block([loadX0, -W / 2, loadZ], [loadX1, W / 2, loadZ + 3], 1));
      const crates = random.int(1, 3);
      for (let i = 0; i < crates; i++) {
        const cx = loadX0 + ((loadX1 - loadX0) * (i + 0.5)) / crates;
        const s = between(random, 12, 20);
        parts.push(block([cx - s / 2, -W * 0.35, loadZ + 3], [cx + s / 2, W * 0.35, loadZ + 3 + s], 1));
      }
    }
    const front = xFront - bonnet * 0.5 - cabL * 0.45;
    const rear = random.chance(0.5) ? [-L / 2 + r * 2, -L / 2 + r * 4.3] : [-L / 2 + r * 2.5];
    parts.push(...axles([front, ...rear], W - tyreW, r, tyreW));
    return shapeFromParts(parts, { blend: 0.6, cells: 90 });
  },
};

/** A locomotive on a length of track: a steam engine (boiler, chimney, cab, drivers) or a diesel (hood, cabs, bogies). */
export const locomotive: Family = {
  name: 'locomotive',
  words: ['train', 'locomotive', 'engine', 'railway', 'tram', 'railroad', 'steam'],
  categories: ['train', 'vehicles'],
  build(random) {
    const L = between(random, 110, 170);
    const gauge = between(random, 22, 30);
    const W = gauge * between(random, 1.35, 1.6);
    const parts: Part[] = [];
    // Track: sleepers and two rails; the wheels sit on the rails.
    const trackL = L + 16;
    const sleepers = Math.floor(trackL / 9);
    for (let i = 0; i < sleepers; i++) {
      const x = -trackL / 2 + 4.5 + i * (trackL / sleepers);
      parts.push(block([x - 2.5, -W * 0.7, 0], [x + 2.5, W * 0.7, 2.5]));
    }
    parts.push(block([-trackL / 2, -W * 0.7, 0], [trackL / 2, W * 0.7, 0.8]));
    const railZ = 5;
    for (const s of [-1, 1])
      parts.push(block([-trackL / 2, (s * gauge) / 2 - 1.2, 2], [trackL / 2, (s * gauge) / 2 + 1.2, railZ]));
    const steam = random.chance(0.5);
    const wheelOn = (x: number, r: number) => {
      for (const s of [-1, 1]) parts.push(rod('y', [x, s * (gauge / 2), railZ + r], r, 1.6, 0.6));
      parts.push(rod('y', [x, 0, railZ + r], r * 0.25, gauge / 2));
    };
    if (steam) {
      const drivers = random.int(2, 4);
      const dr = between(random, 8, 12);
      const frameZ = railZ + dr * 1.1;
      parts.push(block([-L / 2, -W * 0.42, frameZ], [L / 2, W * 0.42, frameZ + 4], 1));
      const boilerR = W * between(random, 0.3, 0.38);
      const cabL = L * between(random, 0.2, 0.26);
      const boilerX0 = -L / 2 + cabL - 2;
      const boilerX1 = L / 2 - 6;
      const boilerZ = frameZ + 4 + boilerR;
      parts.push(rod('x', [(boilerX0 + boilerX1) / 2, 0, boilerZ], boilerR, (boilerX1 - boilerX0) / 2, 1));
      parts.push(rod('x', [boilerX1 + 1.5, 0, boilerZ], boilerR * 0.9, 2.2, 1));
      const chimneyH = between(random, 10, 18);
      const cx = boilerX1 - between(random, 8, 14);
      parts.push(
        rod(
          'z',
          [cx, 0, boilerZ + boilerR + chimneyH / 2 - 2],
          between(random, 3, 4.5),
          chimneyH / 2 + 2,
          0.8,
        ),
      );
      parts.push(rod('z', [cx, 0, boilerZ + boilerR + chimneyH], between(random, 4.5, 6), 1.6, 0.6));
      parts.push(ellipsoid([(boilerX0 + boilerX1) / 2, 0, boilerZ + boilerR], [5, 4, 5]));
      const cabH = boilerR * 2 + between(random, 10, 16);
      parts.push(
        group(
          [
            block([-L / 2, -W / 2, frameZ], [boilerX0 + 3, W / 2, frameZ + cabH], 1),
            block([-L / 2 - 2, -W / 2 - 2, frameZ + cabH], [boilerX0 + 5, W / 2 + 2, frameZ + cabH + 2.5], 1),
            ...[-1, 1].map((s) =>
              carved(
                block(
                  [-L / 2 + 3, (s * W) / 2 - 2, frameZ + cabH * 0.5],
                  [boilerX0, (s * W) / 2 + 2, frameZ + cabH - 3],
                  1,
                ),
              ),
            ),
          ],
          0,
        ),
      );
      const spacing = (boilerX1 - boilerX0 - 8) / drivers;
      for (let i = 0; i < drivers; i++) wheelOn(boilerX0 + 6 + dr * 0.3 + i * spacing, dr);
      // Cowcatcher.
      parts.push(
        prism(
          'y',
          [
            [railZ + 1, L / 2 - 6],
            [frameZ + 4, L / 2 - 6],
            [frameZ + 4, L / 2 + 4],
          ],
          -W * 0.4,
          W * 0.4,
        ),
      );
      for (const s of [-1, 1])
        parts.push(
          capsule(
            [boilerX0 + 6, s * (gauge / 2 + 3), railZ + dr],
            [boilerX0 + 6 + spacing * (drivers - 1), s * (gauge / 2 + 3), railZ + dr],
            1.1,
          ),
        );
    } else {
      const wr = between(random, 5, 7);
      const frameZ = railZ + wr * 2 + 2;
      const bodyH = between(random, 28, 40);
      const hood = random.chance(0.5);
      parts.push(block([-L / 2, -W / 2, frameZ], [L / 2, W / 2, frameZ + 4], 1));
      if (hood) {
        const cabX = between(random, -L * 0.1, L * 0.2);
        parts.push(
          block([-L / 2 + 6, -W * 0.36, frameZ + 3], [L / 2 - 6, W * 0.36, frameZ + bodyH * 0.75], 2),
        );
        parts.push(block([cabX - 12, -W / 2, frameZ + 3], [cabX + 12, W / 2, frameZ + bodyH], 2));
        parts.push(
          carved(
            block(
              [cabX + 10.8, -W / 2 + 3, frameZ + bodyH * 0.6],
              [cabX + 13, W / 2 - 3, frameZ + bodyH - 3],
              1,
            ),
          ),
        );
      } else {
        const nose = between(random, 6, 14);
        const body = sideProfile(
          [
            [-L / 2, frameZ + 3],
            [L / 2, frameZ + 3],
            [L / 2, frameZ + bodyH * 0.55],
            [L / 2 - nose, frameZ + bodyH],
            [-L / 2 + nose, frameZ + bodyH],
            [-L / 2, frameZ + bodyH * 0.55],
          ],
          W / 2,
          2,
        );
        const windows: Part[] = [body];
        const n = Math.floor((L - 2 * nose) / 14);
        for (let i = 0; i < n; i++) {
          const x = -L / 2 + nose + 7 + i * ((L - 2 * nose - 14) / Math.max(1, n - 1));
          for (const s of [-1, 1])
            windows.push(
              carved(
                block(
                  [x - 4, (s * W) / 2 - 1.2, frameZ + bodyH * 0.55],
                  [x + 4, (s * W) / 2 + 1.2, frameZ + bodyH * 0.8],
                  1,
                ),
              ),
            );
        }
        parts.push(group(windows, 0));
      }
      for (const bx of [-L * 0.32, L * 0.32]) {
        parts.push(
          block(
            [bx - wr * 2.6, -gauge / 2 - 3, railZ + wr * 0.6],
            [bx + wr * 2.6, gauge / 2 + 3, frameZ + 0.5],
            1,
          ),
        );
        wheelOn(bx - wr * 1.25, wr);
        wheelOn(bx + wr * 1.25, wr);
      }
    }
    return shapeFromParts(parts, { blend: 0.5, cells: 90 });
  },
};

/** A boat or ship: a lofted-looking hull (pointed bow, V sections, sheer) with a sailing rig, a wheelhouse or a cargo deck. */
export const boat: Family = {
  name: 'boat',
  words: [
    'boat',
    'ship',
    'yacht',
    'sailboat',
    'tugboat',
    'ferry',
    'vessel',
    'submarine',
    'canoe',
    'steamer',
    'galleon',
  ],
  categories: ['boat', 'vehicles', 'rc-vehicles'],
  build(random) {
    const kind = random.pick(['sail', 'motor', 'cargo', 'tug'] as const);
    const L = between(random, 100, 180);
    const B = L * (kind === 'tug' ? between(random, 0.3, 0.36) : between(random, 0.18, 0.26));
    const D = L * between(random, 0.1, 0.14);
    const bowLen = between(random, 0.25, 0.4);
    const sheer = between(random, 0.05, 0.25) * D;
    const vee = between(random, 0.4, 0.9);
    // Half beam at station t in [-1, 1] (stern .. bow): full aft, sharp at the bow.
    const halfBeam = (t: number) => {
      if (t < -1 || t > 1) return 0;
      const bow = 1 - bowLen * 2;
      if (t <= bow) return (B / 2) * (t < -0.8 ? 0.85 + 0.15 * ((t + 1) / 0.2) : 1);
      const u = (t - bow) / (1 - bow);
      return (B / 2) * Math.sqrt(Math.max(0, 1 - u * u));
    };
    const deckAt = (t: number) => D + sheer * t * t;
    const hull: Part = {
      sdf: (x, y, z) => {
        const t = x / (L / 2);
        const top = deckAt(t);
        const depth = Math.min(1, Math.max(0, z / D));
        const width = halfBeam(t) * (vee * Math.sqrt(depth) + (1 - vee)) - 0.01;
        const dSide = (Math.abs(y) - width) * 0.8;
        const dEnd = Math.abs(x) - L / 2;
        return Math.max(dSide, dEnd, z - top, -z);
      },
      min: [-L / 2, -B / 2, 0],
      max: [L / 2, B / 2, D + sheer],
    };
    const parts: Part[] = [hull];
    const deck = D;
    if (kind === 'sail') {
      const mastH = L * between(random, 0.7, 1.1);
      const mx = L * between(random, 0.02, 0.15);
      // Spars and sails thick enough for the grid (and a printer) at any size.
      const t = Math.max(1, L * 0.009);
      parts.push(capsule([mx, 0, deck], [mx, 0, deck + mastH], t * 1.6, t * 1.2));
      parts.push(capsule([mx, 0, deck + 8], [mx - L * 0.4, 0, deck + 8], t * 1.3));
      // Mainsail and jib as thin wedges.
      parts.push(
        prism(
          'y',
          [
            [deck + 9, mx - 1],
            [deck + mastH * 0.95, mx - 1],
            [deck + 9, mx - L * 0.38],
          ],
          -t,
          t,
        ),
      );
      if (random.chance(0.7))
        parts.push(
          prism(
            'y',
            [
              [deck + 4, mx + 2],
              [deck + mastH * 0.8, mx + 1.5],
              [deck + 4, L * 0.44],
            ],
            -t,
            t,
          ),
        );
      parts.push(block([-L * 0.3, -B * 0.25, deck - 1], [-L * 0.05, B * 0.25, deck + 5], 1.5));
      parts.push(
        prism(
          'y',
          [
            [D * 0.3, L * 0.05],
            [-D * 0.8, L * 0.02],
            [-D * 0.8, -L * 0.1],
            [D * 0.3, -L * 0.12],
          ],
          -t * 1.4,
          t * 1.4,
        ),
      );
      parts.push(ellipsoid([-L * 0.03, 0, -D * 0.85], [L * 0.11, t * 3, D * 0.12]));
    } else if (kind === 'cargo') {
      const bx = L * 0.32;
      parts.push(block([-L / 2 + 3, -B * 0.4, deck - 1], [-L / 2 + L * 0.18, B * 0.4, deck + D * 1.2], 1.5));
      parts.push(
        block([-L / 2 + 5, -B * 0.45, deck + D * 1.2], [-L / 2 + L * 0.16, B * 0.45, deck + D * 1.2 + 3], 1),
      );
      parts.push(rod('z', [-L / 2 + L * 0.08, 0, deck + D * 1.2 + 6], 3, 4));
      const stacks = random.int(2, 5);
      for (let i = 0; i < stacks; i++) {
        const x0 = -L / 2 + L * 0.21 + i * ((bx + L / 2 - L * 0.21) / stacks);
        const x1 = x0 + (bx + L / 2 - L * 0.21) / stacks - 1.5;
        const h = random.int(1, 3) * D * 0.35;
        parts.push(block([x0, -B * 0.38, deck - 1], [x1, B * 0.38, deck + h], 0.6));
      }
    } else {
      // Motor boat or tug: a wheelhouse with windows, maybe a funnel.
      const hx0 = kind === 'tug' ? -L * 0.1 : -L * 0.25;
      const hx1 = kind === 'tug' ? L * 0.2 : L * 0.08;
      const hh = D * between(random, 0.6, 1);
      const house: Part[] = [block([hx0, -B * 0.32, deck - 1], [hx1, B * 0.32, deck + hh], 2)];
      house.push(block([hx0 + 2, -B * 0.26, deck + hh - 1], [hx1 - 3, B * 0.26, deck + hh * 1.7], 2));
      house.push(
        carved(block([hx1 - 4.2, -B * 0.22, deck + hh * 1.15], [hx1 - 1.8, B * 0.22, deck + hh * 1.5], 0.8)),
      );
      parts.push(group(house, 0.5));
      if (kind === 'tug' || random.chance(0.4)) parts.push(rod('z', [hx0 - 5, 0, deck + hh], 3.5, hh, 1));
      if (kind === 'tug')
        for (const s of [-1, 1])
          parts.push(capsule([-L * 0.42, s * B * 0.42, deck + 1], [L * 0.25, s * B * 0.42, deck + 1], 1.6));
    }
    return shapeFromParts(parts, { blend: 1, cells: 90, floor: kind === 'sail' ? -D * 0.95 : undefined });
  },
};

/** A bicycle or a motorcycle on a display plate: two wheels, a frame of tubes, fork, bars and a seat. */
export const bike: Family = {
  name: 'bike',
  words: ['bike', 'bicycle', 'motorcycle', 'motorbike', 'scooter', 'moped', 'chopper', 'cycle', 'bmx'],
  categories: ['motorcycle', 'bicycle', 'vehicles'],
  build(random) {
    const motor = random.chance(0.5);
    const R = motor ? between(random, 17, 24) : between(random, 20, 27);
    const tyre = motor ? R * between(random, 0.14, 0.19) : between(random, 1.6, 2.4);
    const wb = R * (motor ? between(random, 2.6, 3.2) : between(random, 2.2, 2.6));
    const plate = 2.5;
    const hubZ = plate + R - 0.6;
    const rear: Vec3 = [-wb / 2, 0, hubZ];
    const front: Vec3 = [wb / 2, 0, hubZ];
    const parts: Part[] = [block([-wb / 2 - R - 4, -R * 0.45, 0], [wb / 2 + R + 4, R * 0.45, plate], 1)];
    for (const hub of [rear, front]) {
      parts.push(ring('y', hub, R - tyre, tyre));
      // Few, stout spokes (a cast or tri-spoke wheel): thin wire spokes would not survive the grid or a print.
      parts.push(rod('y', hub, motor ? R * 0.28 : 3, motor ? tyre * 0.6 : 3, 1));
      const spokes = random.int(3, 6);
      const turn = random.next();
      for (let i = 0; i < spokes; i++) {
        const a = (i / spokes + turn) * Math.PI * 2;
        parts.push(
          capsule(
            hub,
            [hub[0] + Math.cos(a) * (R - tyre), 0, hub[2] + Math.sin(a) * (R - tyre)],
            motor ? 2.2 : 1.6,
            1.4,
          ),
        );
      }
    }
    const headTop: Vec3 = [wb * 0.32, 0, hubZ + R * (motor ? 1.25 : 1.15)];
    const headLow: Vec3 = [wb * 0.36, 0, hubZ + R * 0.75];
    parts.push(capsule(front, headTop, motor ? 2.2 : 1.5, motor ? 2.4 : 1.6));
    const barW = R * between(random, 0.9, 1.3);
    const barRise = between(random, 3, 12);
    const grips: Vec3 = [headTop[0] - between(random, 2, 8), barW / 2, headTop[2] + barRise];
    parts.push(capsule(headTop, [headTop[0], 0, headTop[2] + barRise * 0.6], 1.8));
    parts.push(capsule([grips[0], -grips[1], grips[2]], [grips[0], grips[1], grips[2]], 1.5));
    if (!motor) {
      const bb: Vec3 = [-wb * 0.05, 0, hubZ - R * 0.05];
      const seatTop: Vec3 = [-wb * 0.2, 0, hubZ + R * 1.1];
      const r = between(random, 1.6, 2.2);
      parts.push(capsule(bb, seatTop, r), capsule(seatTop, headTop, r), capsule(headLow, bb, r * 1.1));
      parts.push(capsule(bb, rear, r * 0.8), capsule(seatTop, rear, r * 0.7));
      const saddle: Vec3 = [seatTop[0] - 2, 0, seatTop[2] + between(random, 6, 14)];
      parts.push(capsule(seatTop, saddle, r * 0.8));
      parts.push(ellipsoid([saddle[0] + 1, 0, saddle[2] + 1.5], [8, 3.5, 2]));
      parts.push(rod('y', bb, R * 0.3, 1.2, 0.5));
      parts.push(capsule([bb[0], 3, bb[2]], [bb[0] + R * 0.35, 4, bb[2] - R * 0.35], 1.3));
      parts.push(capsule([bb[0], -3, bb[2]], [bb[0] - R * 0.35, -4, bb[2] + R * 0.35], 1.3));
    } else {
      const engineC: Vec3 = [-wb * 0.02, 0, hubZ + R * 0.15];
      parts.push(
        block(
          [engineC[0] - R * 0.45, -R * 0.3, engineC[2] - R * 0.4],
          [engineC[0] + R * 0.45, R * 0.3, engineC[2] + R * 0.45],
          3,
        ),
      );
      for (let i = 0; i < random.int(2, 4); i++)
        parts.push(rod('z', [engineC[0] - R * 0.2 + i * 3.2, 0, engineC[2] + R * 0.45], R * 0.32, 0.8, 0.3));
      const tank: Vec3 = [wb * 0.12, 0, hubZ + R * 0.95];
      parts.push(ellipsoid(tank, [R * 0.55, R * 0.3, R * 0.25]));
      parts.push(capsule(tank, headTop, R * 0.12));
      parts.push(capsule([engineC[0], 0, engineC[2]], rear, R * 0.1));
      parts.push(
        block([-wb * 0.42, -R * 0.22, hubZ + R * 0.7], [tank[0] - R * 0.45, R * 0.22, hubZ + R * 0.92], 2.5),
      );
      parts.push(
        capsule(
          [engineC[0], R * 0.35, engineC[2] - R * 0.3],
          [-wb * 0.5, R * 0.4, hubZ + R * 0.1],
          R * 0.1,
          R * 0.13,
        ),
      );
      parts.push(ball([headTop[0] + 3, 0, headTop[2] - 4], R * 0.18));
      if (random.chance(0.5))
        parts.push(
          block([-wb * 0.5 - R * 0.2, -tyre, hubZ + R * 0.75], [-wb * 0.3, tyre, hubZ + R * 0.95], 2),
        );
    }
    return shapeFromParts(parts, { blend: 0.8, cells: motor ? 90 : 72, triangles: 15_000 });
  },
};
