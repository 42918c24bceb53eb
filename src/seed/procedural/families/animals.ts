import { placeOnBed, rotate, type Vec3 } from '../solid';
import type { Family } from './family';
import {
  ball,
  between,
  block,
  capsule,
  carved,
  disc,
  ellipsoid,
  type Part,
  prism,
  rod,
  shapeFromParts,
  turned,
} from './world-parts';

/** A limb from hip to foot through a knee bent forwards (`bend` > 0) or backwards, thinning downwards. */
function limb(hip: Vec3, foot: Vec3, bend: number, r0: number, r1: number): Part[] {
  const knee: Vec3 = [(hip[0] + foot[0]) / 2 + bend, (hip[1] + foot[1]) / 2, (hip[2] + foot[2]) / 2];
  return [capsule(hip, knee, r0, (r0 + r1) / 2), capsule(knee, foot, (r0 + r1) / 2, r1)];
}

/** A tail as a chain of capsules along a curve that starts at `root`, heading `dir`, curling by `curl`. */
function tail(
  root: Vec3,
  dir: Vec3,
  length: number,
  r0: number,
  r1: number,
  curl: number,
  segments = 5,
): Part[] {
  const parts: Part[] = [];
  let p = root;
  let ax = dir[0],
    az = dir[2];
  const ay = dir[1];
  for (let i = 0; i < segments; i++) {
    const step = length / segments;
    const q: Vec3 = [p[0] + ax * step, p[1] + ay * step, p[2] + az * step];
    parts.push(capsule(p, q, r0 + ((r1 - r0) * i) / segments, r0 + ((r1 - r0) * (i + 1)) / segments));
    const c = Math.cos(curl),
      s = Math.sin(curl);
    [ax, az] = [ax * c - az * s, ax * s + az * c];
    p = q;
  }
  return parts;
}

const quadrupeds = {
  //        body length, body height, leg length, neck length, neck angle, head size, snout, ears, tail
  cat: {
    body: 1,
    girth: 0.42,
    legs: 0.55,
    neck: 0.25,
    neckUp: 0.9,
    head: 0.3,
    snout: 0.25,
    ears: 'pointed',
    tail: 0.9,
    tailUp: 1.2,
  },
  dog: {
    body: 1,
    girth: 0.45,
    legs: 0.7,
    neck: 0.4,
    neckUp: 0.8,
    head: 0.36,
    snout: 0.55,
    ears: 'floppy',
    tail: 0.5,
    tailUp: 0.9,
  },
  horse: {
    body: 1,
    girth: 0.5,
    legs: 1.05,
    neck: 0.6,
    neckUp: 0.85,
    head: 0.26,
    snout: 1.1,
    ears: 'pointed',
    tail: 0.6,
    tailUp: -0.6,
  },
  bear: {
    body: 1,
    girth: 0.5,
    legs: 0.55,
    neck: 0.34,
    neckUp: 0.45,
    head: 0.44,
    snout: 0.45,
    ears: 'round',
    tail: 0.12,
    tailUp: 0.5,
  },
  pig: {
    body: 1,
    girth: 0.5,
    legs: 0.32,
    neck: 0.3,
    neckUp: 0.2,
    head: 0.4,
    snout: 0.3,
    ears: 'floppy',
    tail: 0.2,
    tailUp: 1.5,
  },
  giraffe: {
    body: 0.85,
    girth: 0.6,
    legs: 1.1,
    neck: 1.2,
    neckUp: 1.25,
    head: 0.2,
    snout: 0.7,
    ears: 'pointed',
    tail: 0.5,
    tailUp: -0.8,
  },
  elephant: {
    body: 1,
    girth: 0.7,
    legs: 0.8,
    neck: 0.15,
    neckUp: 0.4,
    head: 0.42,
    snout: 0,
    ears: 'fan',
    tail: 0.35,
    tailUp: -0.9,
  },
} as const;

/** A four-legged mammal: cat, dog, horse, bear, pig, giraffe or elephant proportions, on flat feet. */
export const mammal: Family = {
  name: 'mammal',
  words: [
    'animal',
    'cat',
    'kitten',
    'dog',
    'puppy',
    'horse',
    'pony',
    'bear',
    'pig',
    'giraffe',
    'elephant',
    'fox',
    'wolf',
    'cow',
    'deer',
    'lion',
    'tiger',
    'mammal',
  ],
  categories: ['mammal', 'animals', 'pets'],
  build(random) {
    const kind = random.pick(Object.keys(quadrupeds) as (keyof typeof quadrupeds)[]);
    const s = quadrupeds[kind];
    const L = between(random, 50, 80);
    const v = () => between(random, 0.88, 1.12);
    const bodyL = L * s.body * v();
    const girth = L * s.girth * v();
    const legL = L * s.legs * v();
    const bodyZ = legL + girth * 0.35;
    const parts: Part[] = [];
    parts.push(ellipsoid([0, 0, bodyZ], [bodyL / 2, girth * 0.45, girth / 2]));
    parts.push(
      ellipsoid([bodyL * 0.28, 0, bodyZ + girth * 0.05], [bodyL * 0.25, girth * 0.48, girth * 0.52]),
    );
    const legR = girth * (kind === 'elephant' ? 0.2 : 0.13);
    const stance = girth * 0.28;
    for (const [x, front] of [
      [bodyL * 0.33, true],
      [-bodyL * 0.33, false],
    ] as const)
      for (const side of [-1, 1]) {
        const stride = between(random, -0.12, 0.12) * legL;
        parts.push(
          ...limb(
            [x, side * stance, bodyZ - girth * 0.1],
            [x + stride, side * stance, legR * 0.7],
            front ? -legL * 0.05 : legL * 0.08,
            legR,
            legR * 0.75,
          ),
        );
        parts.push(
          ellipsoid(
            [x + stride + legR * 0.4, side * stance, legR * 0.6],
            [legR * 1.3, legR * 0.95, legR * 0.7],
          ),
        );
      }
    // Neck and head.
    const neckL = L * s.neck * v();
    const up = s.neckUp + between(random, -0.15, 0.15);
    const neckBase: Vec3 = [bodyL * 0.42, 0, bodyZ + girth * 0.15];
    const headC: Vec3 = [neckBase[0] + Math.cos(up) * neckL, 0, neckBase[2] + Math.sin(up) * neckL];
    parts.push(capsule(neckBase, headC, girth * 0.28, girth * 0.2));
    const headR = L * s.head * 0.5 * v();
    parts.push(ellipsoid(headC, [headR * 1.1, headR * 0.9, headR]));
    const turn = between(random, -0.4, 0.4);
    const snoutL = headR * s.snout * 2;
    if (kind === 'elephant') {
      parts.push(
        ...tail(
          [headC[0] + headR * 0.8, 0, headC[2] - headR * 0.1],
          [0.3, Math.sin(turn) * 0.2, -1],
          legL * 1.05,
          headR * 0.35,
          headR * 0.18,
          -0.25,
          6,
        ),
      );
      for (const side of [-1, 1])
        parts.push(
          turned(
            disc([headC[0] - headR * 0.2, side * headR * 0.9, headC[2]], headR * 0.9, headR * 1.1, 1.3, 0.8),
            'x',
            (side * Math.PI) / 2.4,
            [headC[0], side * headR * 0.9, headC[2]],
          ),
        );
      for (const side of [-1, 1])
        parts.push(
          capsule(
            [headC[0] + headR * 0.7, side * headR * 0.4, headC[2] - headR * 0.5],
            [headC[0] + headR * 1.5, side * headR * 0.5, headC[2] - headR * 0.2],
            1.4,
            0.9,
          ),
        );
    } else if (snoutL > 0)
      parts.push(
        capsule(
          [headC[0] + headR * 0.3, 0, headC[2] - headR * 0.15],
          [headC[0] + headR * 0.5 + snoutL, Math.sin(turn) * snoutL * 0.3, headC[2] - headR * 0.35],
          headR * 0.5,
          headR * 0.38,
        ),
      );
    for (const side of [-1, 1]) {
      const earBase: Vec3 = [headC[0] - headR * 0.15, side * headR * 0.55, headC[2] + headR * 0.7];
      if (s.ears === 'pointed')
        parts.push(
          capsule(
            earBase,
            [earBase[0] - headR * 0.1, earBase[1] * 1.2, earBase[2] + headR * 0.7],
            headR * 0.28,
            0.6,
          ),
        );
      else if (s.ears === 'round')
        parts.push(ball([earBase[0], earBase[1] * 1.1, earBase[2] + headR * 0.1], headR * 0.3));
      else if (s.ears === 'floppy')
        parts.push(
          capsule(
            earBase,
            [earBase[0] + headR * 0.1, earBase[1] * 1.6, earBase[2] - headR * 0.9],
            headR * 0.25,
            headR * 0.2,
          ),
        );
      // Eyes.
      parts.push(ball([headC[0] + headR * 0.75, side * headR * 0.42, headC[2] + headR * 0.3], headR * 0.16));
    }
    if (kind === 'giraffe')
      for (const side of [-1, 1])
        parts.push(
          capsule(
            [headC[0] - headR * 0.2, side * headR * 0.3, headC[2] + headR * 0.6],
            [headC[0] - headR * 0.3, side * headR * 0.35, headC[2] + headR * 1.5],
            1.5,
            2,
          ),
        );
    const tailL = L * s.tail * v();
    const tailDir: Vec3 = [-Math.cos(s.tailUp * 0.6), 0, Math.sin(s.tailUp * 0.6)];
    parts.push(
      ...tail(
        [-bodyL * 0.45, 0, bodyZ + girth * 0.2],
        tailDir,
        tailL,
        girth * 0.08 + 1,
        girth * 0.05 + 0.8,
        s.tailUp * 0.15,
      ),
    );
    const base = random.chance(0.35);
    if (base) parts.push(disc([0, 0, -1.5], bodyL * 0.75, girth * 1.1, 2, 1));
    return shapeFromParts(parts, {
      blend: Math.max(2, girth * 0.08),
      cells: 90,
      floor: base ? -3.5 : 0,
      triangles: 12_000,
    });
  },
};

/** A bird: songbird on a perch, an owl on a stump, a penguin or a duck, wings folded or raised. */
export const bird: Family = {
  name: 'bird',
  words: [
    'bird',
    'owl',
    'parrot',
    'eagle',
    'penguin',
    'duck',
    'chicken',
    'hen',
    'sparrow',
    'robin',
    'crow',
    'pigeon',
    'swan',
    'flamingo',
  ],
  categories: ['bird', 'animals', 'pets'],
  build(random) {
    const kind = random.pick(['songbird', 'owl', 'penguin', 'duck'] as const);
    const L = between(random, 45, 80);
    const parts: Part[] = [];
    const v = () => between(random, 0.9, 1.1);
    if (kind === 'penguin') {
      const h = L * 1.2;
      parts.push(ellipsoid([0, 0, h * 0.42], [h * 0.24, h * 0.22, h * 0.42]));
      parts.push(ball([h * 0.03, 0, h * 0.86], h * 0.15 * v()));
      parts.push(capsule([h * 0.15, 0, h * 0.86], [h * 0.27, 0, h * 0.83], h * 0.05, h * 0.015));
      for (const s of [-1, 1]) {
        parts.push(
          turned(ellipsoid([0, s * h * 0.22, h * 0.5], [h * 0.08, h * 0.035, h * 0.25]), 'x', s * 0.25, [
            0,
            s * h * 0.22,
            h * 0.7,
          ]),
        );
        parts.push(ellipsoid([h * 0.1, s * h * 0.08, h * 0.02], [h * 0.1, h * 0.06, h * 0.03]));
        parts.push(ball([h * 0.14, s * h * 0.07, h * 0.9], h * 0.025));
      }
      return shapeFromParts(parts, { blend: 2, cells: 90, floor: 0, triangles: 12_000 });
    }
    if (kind === 'owl') {
      const h = L * 1.1;
      parts.push(rod('z', [0, 0, h * 0.12], h * 0.3, h * 0.12, 2));
      parts.push(ellipsoid([0, 0, h * 0.48], [h * 0.25, h * 0.25, h * 0.3]));
      const head: Vec3 = [0.02 * h, 0, h * 0.82];
      parts.push(ellipsoid(head, [h * 0.2, h * 0.24, h * 0.18]));
      for (const s of [-1, 1]) {
        parts.push(carved(ball([head[0] + h * 0.2, s * h * 0.09, head[2]], h * 0.075)));
        parts.push(ball([head[0] + h * 0.14, s * h * 0.09, head[2]], h * 0.035));
        parts.push(
          capsule(
            [head[0], s * h * 0.15, head[2] + h * 0.12],
            [head[0] - h * 0.02, s * h * 0.2, head[2] + h * 0.24],
            h * 0.04,
            0.8,
          ),
        );
        parts.push(ellipsoid([-h * 0.02, s * h * 0.22, h * 0.5], [h * 0.16, h * 0.05, h * 0.24]));
      }
      parts.push(
        capsule(
          [head[0] + h * 0.2, 0, head[2] - h * 0.02],
          [head[0] + h * 0.24, 0, head[2] - h * 0.09],
          h * 0.03,
          0.6,
        ),
      );
      return shapeFromParts(parts, { blend: 1.5, cells: 90, triangles: 12_000 });
    }
    // Songbird or duck: horizontal body, head forward, a tail behind.
    const duck = kind === 'duck';
    const bodyZ = duck ? L * 0.22 : L * 0.42;
    const parts2 = parts;
    parts2.push(ellipsoid([0, 0, bodyZ], [L * 0.32 * v(), L * 0.2, L * 0.2]));
    const head: Vec3 = [L * 0.3, 0, bodyZ + L * (duck ? 0.28 : 0.2)];
    parts2.push(ball(head, L * 0.13 * v()));
    const beakL = L * (duck ? 0.16 : between(random, 0.08, 0.16));
    if (duck)
      parts2.push(ellipsoid([head[0] + L * 0.15, 0, head[2] - L * 0.03], [beakL * 0.7, L * 0.06, L * 0.025]));
    else
      parts2.push(
        capsule(
          [head[0] + L * 0.08, 0, head[2] - L * 0.01],
          [head[0] + L * 0.1 + beakL, 0, head[2] - L * 0.03],
          L * 0.04,
          0.5,
        ),
      );
    for (const s of [-1, 1])
      parts2.push(ball([head[0] + L * 0.08, s * L * 0.085, head[2] + L * 0.03], L * 0.025));
    const raised = !duck && random.chance(0.4);
    for (const s of [-1, 1]) {
      if (raised) {
        const wing = prism(
          'z',
          [
            [L * 0.12, 0],
            [-L * 0.05, L * 0.5],
            [-L * 0.25, L * 0.45],
            [-L * 0.2, 0],
          ],
          -1.3,
          1.3,
          1,
        );
        parts2.push(
          turned(
            {
              ...wing,
              sdf: s > 0 ? wing.sdf : (x, y, z) => wing.sdf(x, -y, z),
              min: s > 0 ? wing.min : [wing.min[0], -wing.max[1], wing.min[2]],
              max: s > 0 ? wing.max : [wing.max[0], -wing.min[1], wing.max[2]],
            },
            'x',
            s * 0.7,
            [0, 0, 0],
          ),
        );
        parts2[parts2.length - 1] = lifted(parts2.at(-1)!, bodyZ + L * 0.08, s * L * 0.1);
      } else
        parts2.push(ellipsoid([-L * 0.04, s * L * 0.17, bodyZ + L * 0.03], [L * 0.26, L * 0.05, L * 0.13]));
    }
    parts2.push(
      prism(
        'z',
        [
          [-L * 0.2, 0],
          [-L * 0.55, -L * 0.14],
          [-L * 0.6, 0],
          [-L * 0.55, L * 0.14],
        ],
        bodyZ + (duck ? L * 0.05 : 0) - 1.2,
        bodyZ + (duck ? L * 0.05 : 0) + 1.2,
        1,
      ),
    );
    if (!duck) {
      for (const s of [-1, 1])
        parts2.push(capsule([0, s * L * 0.06, bodyZ - L * 0.15], [L * 0.02, s * L * 0.06, L * 0.1], 1.3));
      parts2.push(capsule([-L * 0.3, 0, L * 0.08], [L * 0.35, 0, L * 0.08], L * 0.05));
      parts2.push(block([-L * 0.35, -L * 0.15, 0], [L * 0.4, L * 0.15, L * 0.04], 1));
      parts2.push(block([-L * 0.05, -L * 0.03, L * 0.03], [L * 0.05, L * 0.03, L * 0.08]));
    }
    return shapeFromParts(parts2, {
      blend: 1.5,
      cells: 90,
      floor: duck ? L * 0.06 : undefined,
      triangles: 12_000,
    });
  },
};

/** The part moved up by dz and across by dy. */
function lifted(p: Part, dz: number, dy: number): Part {
  return {
    ...p,
    sdf: (x, y, z) => p.sdf(x, y - dy, z - dz),
    min: [p.min[0], p.min[1] + dy, p.min[2] + dz],
    max: [p.max[0], p.max[1] + dy, p.max[2] + dz],
  };
}

/** A fish on a display stand: a streamlined, deep or round body, tail, dorsal, anal and pectoral fins. */
export const fish: Family = {
  name: 'fish',
  words: [
    'fish',
    'shark',
    'goldfish',
    'koi',
    'salmon',
    'trout',
    'whale',
    'dolphin',
    'angelfish',
    'puffer',
    'carp',
    'tuna',
  ],
  categories: ['fish', 'animals', 'pets'],
  build(random) {
    const kind = random.pick(['slim', 'deep', 'round', 'shark'] as const);
    const L = between(random, 70, 130);
    const depth = L * { slim: 0.22, deep: 0.45, round: 0.5, shark: 0.2 }[kind] * between(random, 0.9, 1.15);
    const width = L * { slim: 0.11, deep: 0.1, round: 0.32, shark: 0.13 }[kind];
    const z = L * 0.45;
    const bodyL = L * 0.72;
    const parts: Part[] = [];
    parts.push(ellipsoid([L * 0.06, 0, z], [bodyL / 2, width, depth / 2]));
    parts.push(ellipsoid([-L * 0.2, 0, z], [bodyL * 0.3, width * 0.6, depth * 0.25]));
    const tailX = L * 0.06 - bodyL / 2 - L * 0.02;
    const spread = depth * (kind === 'shark' ? 0.9 : between(random, 0.6, 1));
    const fork = between(random, 0, 0.6);
    parts.push(
      prism(
        'y',
        [
          [z, tailX + 2],
          [z + spread * (kind === 'shark' ? 1 : 0.7), tailX - L * 0.2],
          [z + fork * spread * 0.2, tailX - L * 0.2 * (1 - fork * 0.6)],
          [z - spread * (kind === 'shark' ? 0.45 : 0.7), tailX - L * 0.2],
        ],
        -1.3,
        1.3,
        0.6,
      ),
    );
    const dorsalH = depth * (kind === 'shark' ? 0.8 : between(random, 0.3, 0.6));
    parts.push(
      prism(
        'y',
        [
          [z + depth * 0.4, L * 0.2],
          [z + depth * 0.4 + dorsalH, -L * 0.02],
          [z + depth * 0.3, -L * 0.15],
        ],
        -1.2,
        1.2,
        0.6,
      ),
    );
    parts.push(
      prism(
        'y',
        [
          [z - depth * 0.4, -L * 0.05],
          [z - depth * 0.4 - dorsalH * 0.5, -L * 0.16],
          [z - depth * 0.3, -L * 0.22],
        ],
        -1.1,
        1.1,
        0.5,
      ),
    );
    for (const s of [-1, 1]) {
      parts.push(
        turned(
          ellipsoid([L * 0.15, s * (width + L * 0.04), z - depth * 0.2], [L * 0.09, L * 0.05, 1.3]),
          'x',
          s * 0.4,
          [L * 0.15, s * width, z - depth * 0.2],
        ),
      );
      parts.push(
        ball([L * 0.06 + bodyL * 0.36, s * width * 0.55, z + depth * 0.12], Math.max(2, depth * 0.08)),
      );
    }
    if (kind !== 'shark')
      parts.push(carved(ellipsoid([L * 0.06 + bodyL / 2, 0, z - depth * 0.08], [2.5, width * 0.4, 1.2])));
    parts.push(rod('z', [0, 0, (z - depth * 0.3) / 2], 2.6, (z - depth * 0.3) / 2 + 1));
    parts.push(disc([0, 0, 2.5], L * 0.22, L * 0.16, 2.5, 1.2));
    return shapeFromParts(parts, { blend: 1.5, cells: 90, triangles: 12_000 });
  },
};

/** A dinosaur: a theropod on two legs, a long-necked sauropod, a horned ceratopsian or a plated stegosaur. */
export const dinosaur: Family = {
  name: 'dinosaur',
  words: [
    'dinosaur',
    'dino',
    'rex',
    'trex',
    'raptor',
    'triceratops',
    'stegosaurus',
    'brontosaurus',
    'brachiosaurus',
    'jurassic',
    'velociraptor',
  ],
  categories: ['dinosaur', 'animals', 'creatures', 'toy-and-game-accessories'],
  build(random) {
    const kind = random.pick(['theropod', 'sauropod', 'ceratopsian', 'stegosaur'] as const);
    const L = between(random, 70, 120);
    const parts: Part[] = [];
    const v = () => between(random, 0.9, 1.1);
    if (kind === 'theropod') {
      const hipZ = L * 0.42 * v();
      const lean = between(random, 0.15, 0.45);
      parts.push(ellipsoid([0, 0, hipZ + L * 0.05], [L * 0.22, L * 0.12, L * 0.14]));
      const chest: Vec3 = [L * 0.18, 0, hipZ + L * 0.1 + lean * L * 0.2];
      parts.push(ellipsoid(chest, [L * 0.13, L * 0.11, L * 0.12]));
      const head: Vec3 = [chest[0] + L * 0.14, 0, chest[2] + L * 0.14];
      parts.push(capsule(chest, head, L * 0.07, L * 0.06));
      const headL = L * between(random, 0.14, 0.22);
      parts.push(ellipsoid([head[0] + headL * 0.4, 0, head[2]], [headL * 0.7, L * 0.06, L * 0.075]));
      parts.push(
        ellipsoid([head[0] + headL * 0.45, 0, head[2] - L * 0.05], [headL * 0.55, L * 0.045, L * 0.025]),
      );
      for (const s of [-1, 1]) {
        parts.push(ball([head[0] + headL * 0.3, s * L * 0.05, head[2] + L * 0.03], L * 0.018));
        parts.push(
          ...limb(
            [L * 0.02, s * L * 0.09, hipZ],
            [L * 0.02 + between(random, -0.08, 0.08) * L, s * L * 0.1, L * 0.03],
            -L * 0.1,
            L * 0.06,
            L * 0.03,
          ),
        );
        parts.push(ellipsoid([L * 0.06, s * L * 0.1, L * 0.02], [L * 0.07, L * 0.03, L * 0.02]));
        parts.push(
          capsule(
            [chest[0] + L * 0.05, s * L * 0.08, chest[2] - L * 0.04],
            [chest[0] + L * 0.11, s * L * 0.09, chest[2] - L * 0.1],
            L * 0.018,
            L * 0.012,
          ),
        );
      }
      parts.push(
        ...tail(
          [-L * 0.18, 0, hipZ + L * 0.05],
          [-0.95, 0, -0.1],
          L * 0.5,
          L * 0.08,
          L * 0.015,
          between(random, -0.05, 0.12),
        ),
      );
      parts.push(disc([0, 0, 1.5], L * 0.42, L * 0.2, 1.5, 1));
      return shapeFromParts(parts, { blend: 2, cells: 90, triangles: 12_000 });
    }
    const bodyZ = L * (kind === 'sauropod' ? 0.32 : 0.24) * v();
    const bodyL = L * (kind === 'sauropod' ? 0.34 : 0.4);
    const girth = L * (kind === 'sauropod' ? 0.16 : 0.15);
    parts.push(ellipsoid([0, 0, bodyZ], [bodyL / 2, girth * 0.85, girth]));
    const legR = girth * 0.28;
    for (const x of [bodyL * 0.3, -bodyL * 0.3])
      for (const s of [-1, 1])
        parts.push(
          ...limb(
            [x, s * girth * 0.55, bodyZ - girth * 0.3],
            [x, s * girth * 0.6, legR * 0.8],
            0,
            legR,
            legR * 0.9,
          ),
        );
    parts.push(
      ...tail(
        [-bodyL * 0.45, 0, bodyZ],
        [-0.96, 0, -0.2],
        L * (kind === 'sauropod' ? 0.45 : 0.35),
        girth * 0.45,
        1.2,
        between(random, 0.02, 0.1),
      ),
    );
    if (kind === 'sauropod') {
      const up = between(random, 0.6, 1.1);
      const neck = L * 0.4;
      const head: Vec3 = [bodyL * 0.4 + Math.cos(up) * neck, 0, bodyZ + Math.sin(up) * neck];
      parts.push(capsule([bodyL * 0.35, 0, bodyZ + girth * 0.2], head, girth * 0.45, L * 0.025));
      parts.push(ellipsoid([head[0] + L * 0.03, 0, head[2]], [L * 0.055, L * 0.03, L * 0.028]));
    } else {
      const head: Vec3 = [bodyL * 0.62, 0, bodyZ - girth * 0.05];
      parts.push(ellipsoid(head, [girth * 0.6, girth * 0.45, girth * 0.45]));
      parts.push(
        capsule(head, [head[0] + girth * 0.75, 0, head[2] - girth * 0.3], girth * 0.3, girth * 0.12),
      );
      if (kind === 'ceratopsian') {
        parts.push(
          turned(
            disc(
              [head[0] - girth * 0.35, 0, head[2] + girth * 0.4],
              girth * 0.15,
              girth * 0.9,
              girth * 0.7,
              1,
            ),
            'y',
            -0.5,
            [head[0] - girth * 0.35, 0, head[2] + girth * 0.4],
          ),
        );
        for (const s of [-1, 1])
          parts.push(
            capsule(
              [head[0] + girth * 0.1, s * girth * 0.25, head[2] + girth * 0.3],
              [head[0] + girth * 0.75, s * girth * 0.3, head[2] + girth * 0.75],
              girth * 0.1,
              0.6,
            ),
          );
        parts.push(
          capsule(
            [head[0] + girth * 0.55, 0, head[2] + girth * 0.05],
            [head[0] + girth * 0.75, 0, head[2] + girth * 0.3],
            girth * 0.08,
            0.5,
          ),
        );
      } else {
        const plates = random.int(5, 8);
        for (let i = 0; i < plates; i++) {
          const t = i / (plates - 1);
          const x = bodyL * 0.4 - t * bodyL * 1.1;
          const h = girth * (0.6 + 0.5 * Math.sin(t * Math.PI));
          const zBase =
            bodyZ + girth * 0.85 * Math.sqrt(Math.max(0.1, 1 - ((x / (bodyL / 2)) * 0.8) ** 2)) - 2;
          parts.push(
            prism(
              'y',
              [
                [zBase, x + h * 0.4],
                [zBase + h, x],
                [zBase, x - h * 0.4],
              ],
              -1.2,
              1.2,
              0.6,
            ),
          );
        }
        for (const s of [-1, 1])
          parts.push(
            capsule(
              [-bodyL * 0.5 - L * 0.25, s * 2, bodyZ * 0.55],
              [-bodyL * 0.5 - L * 0.3, s * 8, bodyZ * 0.75],
              1.4,
              0.5,
            ),
          );
      }
    }
    return shapeFromParts(parts, { blend: 2, cells: 90, floor: 0, triangles: 12_000 });
  },
};

/** An insect: beetle, ant, bee or ladybird: head, thorax, abdomen, six jointed legs, antennae, maybe wings. */
export const insect: Family = {
  name: 'insect',
  words: [
    'insect',
    'bug',
    'beetle',
    'ant',
    'bee',
    'wasp',
    'ladybug',
    'ladybird',
    'spider',
    'butterfly',
    'fly',
    'mantis',
    'scarab',
  ],
  categories: ['insect', 'animals', 'biology'],
  build(random) {
    const kind = random.pick(['beetle', 'ant', 'bee', 'ladybird'] as const);
    const L = between(random, 50, 90);
    const parts: Part[] = [];
    const z = L * (kind === 'ant' ? 0.2 : 0.16);
    const abdomen =
      kind === 'ant'
        ? [L * 0.22, L * 0.15, L * 0.14]
        : kind === 'bee'
          ? [L * 0.25, L * 0.16, L * 0.15]
          : [L * 0.3, L * 0.24, L * 0.14];
    parts.push(ellipsoid([-L * 0.2, 0, z + (kind === 'ant' ? L * 0.03 : 0)], abdomen as unknown as Vec3));
    if (kind === 'bee')
      for (let i = 0; i < 3; i++) parts.push(carved(ring3(-L * 0.16 - i * L * 0.09, z, L * 0.16)));
    if (kind === 'ladybird' || kind === 'beetle')
      parts.push(carved(block([-L * 0.5, -0.6, z + L * 0.02], [L * 0.05, 0.6, z + L * 0.3])));
    if (kind === 'ladybird')
      for (let i = 0; i < 6; i++)
        parts.push(
          carved(
            ball(
              [-L * 0.05 - (i % 3) * L * 0.12, (i < 3 ? 1 : -1) * L * (0.08 + (i % 2) * 0.05), z + L * 0.14],
              L * 0.035,
            ),
          ),
        );
    parts.push(ellipsoid([L * 0.08, 0, z], [L * 0.1, L * 0.1, L * 0.08]));
    const head: Vec3 = [L * 0.24, 0, z + L * 0.02];
    parts.push(ball(head, L * 0.085));
    for (const s of [-1, 1]) {
      parts.push(ball([head[0] + L * 0.04, s * L * 0.06, head[2] + L * 0.02], L * 0.035));
      const a0: Vec3 = [head[0] + L * 0.03, s * L * 0.03, head[2] + L * 0.06];
      const a1: Vec3 = [head[0] + L * 0.12, s * L * 0.1, head[2] + L * 0.16];
      parts.push(
        capsule(a0, a1, 1.1),
        capsule(a1, [a1[0] + L * 0.1, s * L * 0.16, a1[2] + L * 0.02], 1.1, 0.9),
      );
      if (kind === 'beetle' && s > 0)
        parts.push(
          capsule([head[0] + L * 0.06, 0, head[2]], [head[0] + L * 0.2, 0, head[2] + L * 0.14], L * 0.03, 1),
        );
      for (let i = 0; i < 3; i++) {
        const x = L * (0.14 - i * 0.08);
        const hip: Vec3 = [x, s * L * 0.06, z - L * 0.02];
        const knee: Vec3 = [x + (i - 1) * L * 0.08, s * L * 0.22, z + L * 0.08];
        const foot: Vec3 = [x + (i - 1) * L * 0.18, s * L * 0.3, 1.3];
        parts.push(capsule(hip, knee, L * 0.03, L * 0.025), capsule(knee, foot, L * 0.025, L * 0.02));
      }
      if (kind === 'bee')
        parts.push(
          turned(ellipsoid([-L * 0.1, s * L * 0.16, z + L * 0.13], [L * 0.2, L * 0.1, 1.8]), 'z', s * 0.35, [
            L * 0.05,
            s * L * 0.05,
            z,
          ]),
        );
    }
    return shapeFromParts(parts, { blend: 1, cells: 90, floor: 0, triangles: 14_000 });
  },
};

/** A thin groove ring around the x axis at station x (a bee's stripes). */
function ring3(x: number, z: number, r: number): Part {
  return {
    sdf: (px, py, pz) => {
      const d = Math.sqrt(py * py + (pz - z) * (pz - z));
      return Math.max(Math.abs(px - x) - 1.2, r * 0.9 - d);
    },
    min: [x - 1.2, -r * 1.3, z - r * 1.3],
    max: [x + 1.2, r * 1.3, z + r * 1.3],
  };
}

/** A dragon: a four-legged reptile with horns, a long tail, spines and bat wings, raised or folded. */
export const dragon: Family = {
  name: 'dragon',
  words: ['dragon', 'wyvern', 'monster', 'creature', 'beast', 'griffin', 'demon', 'lizard', 'crocodile'],
  categories: ['creature', 'creatures', 'video-games', 'props', 'toy-and-game-accessories'],
  build(random) {
    const L = between(random, 80, 140);
    const parts: Part[] = [];
    const bodyZ = L * 0.22;
    const girth = L * between(random, 0.1, 0.14);
    parts.push(ellipsoid([0, 0, bodyZ], [L * 0.2, girth, girth]));
    parts.push(ellipsoid([L * 0.12, 0, bodyZ + girth * 0.3], [L * 0.12, girth * 1.05, girth * 1.05]));
    for (const x of [L * 0.14, -L * 0.12])
      for (const s of [-1, 1]) {
        parts.push(
          ...limb(
            [x, s * girth * 0.7, bodyZ],
            [x + L * 0.04, s * girth * 1.1, girth * 0.25],
            x > 0 ? -girth * 0.4 : girth * 0.5,
            girth * 0.38,
            girth * 0.22,
          ),
        );
        parts.push(
          ellipsoid([x + L * 0.06, s * girth * 1.1, girth * 0.15], [girth * 0.45, girth * 0.3, girth * 0.2]),
        );
      }
    const up = between(random, 0.5, 1.1);
    const neck = L * between(random, 0.18, 0.28);
    const head: Vec3 = [L * 0.2 + Math.cos(up) * neck, 0, bodyZ + girth * 0.4 + Math.sin(up) * neck];
    parts.push(capsule([L * 0.18, 0, bodyZ + girth * 0.4], head, girth * 0.55, girth * 0.35));
    const headL = girth * 1.4;
    parts.push(ellipsoid([head[0] + headL * 0.35, 0, head[2]], [headL * 0.65, girth * 0.42, girth * 0.38]));
    for (const s of [-1, 1]) {
      parts.push(
        capsule(
          [head[0] - girth * 0.1, s * girth * 0.25, head[2] + girth * 0.25],
          [head[0] - girth * 1.1, s * girth * 0.5, head[2] + girth * 0.8],
          girth * 0.2,
          1.3,
        ),
      );
      parts.push(ball([head[0] + headL * 0.35, s * girth * 0.3, head[2] + girth * 0.2], girth * 0.1));
    }
    parts.push(
      ...tail(
        [-L * 0.18, 0, bodyZ],
        [-0.9, 0, -0.3],
        L * 0.55,
        girth * 0.6,
        1.4,
        between(random, 0.15, 0.35),
        7,
      ),
    );
    // Spines along the back.
    for (let i = 0; i < 6; i++) {
      const x = L * 0.2 - i * L * 0.08;
      parts.push(
        prism(
          'y',
          [
            [bodyZ + girth * 0.7, x + girth * 0.3],
            [bodyZ + girth * 1.25, x - girth * 0.1],
            [bodyZ + girth * 0.7, x - girth * 0.35],
          ],
          -1.1,
          1.1,
          0.5,
        ),
      );
    }
    // Wings: an arm bone and three finger bones with a membrane between them, on each side.
    const raised = random.chance(0.6);
    const span = L * between(random, 0.4, 0.6);
    for (const s of [-1, 1]) {
      const shoulder: Vec3 = [L * 0.1, s * girth * 0.7, bodyZ + girth * 0.7];
      const wrist: Vec3 = raised
        ? [L * 0.05, s * span * 0.55, bodyZ + span * 0.6]
        : [-L * 0.02, s * girth * 1.3, bodyZ + span * 0.5];
      parts.push(capsule(shoulder, wrist, girth * 0.16, girth * 0.1));
      const tips: Vec3[] = [0, 1, 2].map((k) =>
        raised
          ? [wrist[0] - L * (0.08 + k * 0.12), s * span * (1 - k * 0.12), wrist[2] + span * (0.25 - k * 0.3)]
          : [
              wrist[0] - L * (0.15 + k * 0.1),
              s * girth * (1.4 + k * 0.05),
              wrist[2] - span * (0.1 + k * 0.15),
            ],
      );
      for (const tip of tips) parts.push(capsule(wrist, tip, girth * 0.08, 0.8));
      const membrane = [shoulder, wrist, ...tips, [-L * 0.1, s * girth * 0.7, bodyZ + girth * 0.5] as Vec3];
      parts.push(sheet(membrane, 1.8));
    }
    parts.push(disc([0, 0, -1], L * 0.45, L * 0.3, 2, 1));
    return shapeFromParts(parts, { blend: 1.5, cells: 90, floor: -3, triangles: 14_000 });
  },
};

/**
 * A thin sheet through a fan of points (a wing's membrane): the triangles from the first point to each
 * neighbouring pair, each a slab `t` thick bounded by its three edges (a cheap, close-enough distance).
 */
function sheet(points: readonly Vec3[], t: number): Part {
  const slabs: ((x: number, y: number, z: number) => number)[] = [];
  for (let i = 1; i + 1 < points.length; i++) slabs.push(slab(points[0]!, points[i]!, points[i + 1]!, t));
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (const p of points)
    for (let a = 0; a < 3; a++) {
      (min as unknown as number[])[a] = Math.min(min[a]!, p[a]! - t);
      (max as unknown as number[])[a] = Math.max(max[a]!, p[a]! + t);
    }
  return {
    sdf: (x, y, z) => {
      let d = Infinity;
      for (const f of slabs) d = Math.min(d, f(x, y, z));
      return d;
    },
    min,
    max,
  };
}

function slab(a: Vec3, b: Vec3, c: Vec3, t: number): (x: number, y: number, z: number) => number {
  const sub = (u: Vec3, w: Vec3): Vec3 => [u[0] - w[0], u[1] - w[1], u[2] - w[2]];
  const cross = (u: Vec3, w: Vec3): Vec3 => [
    u[1] * w[2] - u[2] * w[1],
    u[2] * w[0] - u[0] * w[2],
    u[0] * w[1] - u[1] * w[0],
  ];
  const unit = (u: Vec3): Vec3 => {
    const l = Math.sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]) || 1;
    return [u[0] / l, u[1] / l, u[2] / l];
  };
  const n = unit(cross(sub(b, a), sub(c, a)));
  // Each edge's outward normal in the triangle's plane, and a point on it.
  const edges = [
    [a, b],
    [b, c],
    [c, a],
  ].map(([p, q]) => ({ p: p!, o: unit(cross(sub(q!, p!), n)) }));
  return (x, y, z) => {
    let d = Math.abs(n[0] * (x - a[0]) + n[1] * (y - a[1]) + n[2] * (z - a[2])) - t;
    for (const { p, o } of edges) d = Math.max(d, o[0] * (x - p[0]) + o[1] * (y - p[1]) + o[2] * (z - p[2]));
    return d;
  };
}

/** A skull: cranium, cheekbones, eye sockets, nasal opening, upper teeth and a jaw, on a flat cut. */
export const skull: Family = {
  name: 'skull',
  words: ['skull', 'skeleton', 'halloween', 'cranium', 'bones', 'bone'],
  categories: ['props', 'biology', 'sculptures', 'costume'],
  build(random) {
    const S = between(random, 50, 90);
    const v = () => between(random, 0.92, 1.08);
    const parts: Part[] = [];
    const craniumC: Vec3 = [-S * 0.05, 0, S * 0.62];
    parts.push(ellipsoid(craniumC, [S * 0.48 * v(), S * 0.36 * v(), S * 0.38 * v()]));
    parts.push(ellipsoid([S * 0.22, 0, S * 0.38], [S * 0.26, S * 0.33, S * 0.3]));
    for (const s of [-1, 1])
      parts.push(ellipsoid([S * 0.25, s * S * 0.28, S * 0.34], [S * 0.14, S * 0.08, S * 0.08]));
    // The jaw: a horseshoe of capsules and a chin.
    const jawOpen = between(random, 0, S * 0.08);
    const jawZ = S * 0.12 - jawOpen;
    parts.push(ellipsoid([S * 0.3, 0, jawZ + S * 0.06], [S * 0.14, S * 0.24, S * 0.08]));
    for (const s of [-1, 1])
      parts.push(
        capsule([S * 0.3, s * S * 0.18, jawZ + S * 0.06], [S * 0.02, s * S * 0.28, S * 0.32], S * 0.055),
      );
    const teeth = random.int(6, 10);
    for (let i = 0; i < teeth; i++) {
      const a = ((i + 0.5) / teeth - 0.5) * 2.2;
      const x = S * 0.2 + Math.cos(a) * S * 0.18,
        y = Math.sin(a) * S * 0.2;
      parts.push({
        ...block(
          [x - S * 0.025, y - S * 0.025, S * 0.16],
          [x + S * 0.025, y + S * 0.025, S * 0.24],
          S * 0.012,
        ),
        blend: 0.4,
      });
      parts.push({
        ...block(
          [x - S * 0.025, y - S * 0.025, jawZ + S * 0.12],
          [x + S * 0.025, y + S * 0.025, jawZ + S * 0.18],
          S * 0.012,
        ),
        blend: 0.4,
      });
    }
    const eyeR = S * between(random, 0.1, 0.14);
    for (const s of [-1, 1])
      parts.push(carved(ellipsoid([S * 0.44, s * S * 0.16, S * 0.5], [eyeR * 1.1, eyeR, eyeR * 0.95])));
    parts.push(
      carved(
        prism(
          'x',
          [
            [-S * 0.06, S * 0.29],
            [S * 0.06, S * 0.29],
            [0, S * 0.42],
          ],
          S * 0.3,
          S * 0.6,
          0.6,
        ),
      ),
    );
    // Turned to look past the camera's right shoulder, as skulls are shown.
    return placeOnBed(
      rotate(
        shapeFromParts(parts, { blend: S * 0.04, cells: 90, floor: jawZ + S * 0.01, triangles: 12_000 }),
        'z',
        -0.9,
      ),
    );
  },
};
