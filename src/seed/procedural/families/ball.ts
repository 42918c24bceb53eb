import type { Random } from '@/lib/random';

import type { Point2 } from '../primitives';
import { placeOnBed, type Vec3 } from '../solid';
import type { Family } from './family';
import { warpedLathe } from './household-shapes';

type Kind = 'football' | 'basketball' | 'volleyball' | 'tennis' | 'beach';

const unit = ([x, y, z]: Vec3): Vec3 => {
  const l = Math.hypot(x, y, z);
  return [x / l, y / l, z / l];
};

/** The 32 panel centres of a football: the icosahedron's 12 vertices (pentagons) and 20 face centres (hexagons). */
function footballPanels(): Vec3[] {
  const g = (1 + Math.sqrt(5)) / 2;
  const vertices: Vec3[] = [];
  for (const a of [-1, 1])
    for (const b of [-g, g]) vertices.push(unit([0, a, b]), unit([a, b, 0]), unit([b, 0, a]));
  const faces: Vec3[] = [];
  const edge = 2 / Math.sqrt(1 + g * g);
  const near = (p: Vec3, q: Vec3) => Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]) < edge * 1.01;
  for (let i = 0; i < 12; i++)
    for (let j = i + 1; j < 12; j++)
      for (let k = j + 1; k < 12; k++) {
        const [a, b, c] = [vertices[i]!, vertices[j]!, vertices[k]!];
        if (near(a, b) && near(b, c) && near(a, c))
          faces.push(unit([a[0] + b[0] + c[0], a[1] + b[1] + c[1], a[2] + b[2] + c[2]]));
      }
  return [...vertices, ...faces];
}

/**
 * The angular distance (radians) from a direction to the nearest seam of each ball's panel pattern.
 * Football: the borders between neighbouring panels; basketball: two great circles and two curved seams;
 * volleyball: three strips on each face of a cube; tennis: the two-lobed seam; beach ball: six gores.
 */
function seamAngle(kind: Kind, panels: Vec3[]): (d: Vec3) => number {
  if (kind === 'football')
    return (d) => {
      let first = -2,
        second = -2;
      for (const p of panels) {
        const c = p[0] * d[0] + p[1] * d[1] + p[2] * d[2];
        if (c > first) {
          second = first;
          first = c;
        } else if (c > second) second = c;
      }
      return (Math.acos(Math.min(1, second)) - Math.acos(Math.min(1, first))) / 2;
    };
  if (kind === 'basketball')
    return ([x, y, z]) => {
      const circles = Math.min(Math.abs(Math.asin(x)), Math.abs(Math.asin(z)));
      // Two curved seams around the ends of the y axis.
      const curved = Math.abs(Math.abs(y) - (0.62 - 0.45 * (x * x - z * z))) * 0.9;
      return Math.min(circles, curved);
    };
  if (kind === 'volleyball')
    return ([x, y, z]) => {
      const a = [Math.abs(x), Math.abs(y), Math.abs(z)];
      const axis = a[0]! >= a[1]! && a[0]! >= a[2]! ? 0 : a[1]! >= a[2]! ? 1 : 2;
      const others = [0, 1, 2].filter((k) => k !== axis);
      const major = a[axis]!;
      // Cube edges: where another coordinate is as large as the face's own.
      const cubeEdge = Math.min(...others.map((k) => Math.atan2(major, 1) - Math.atan2(a[k]!, 1))) * 0.8;
      // Strips run along the next axis round: lines at a third of the face.
      const across = others[(axis + 1) % 2]!;
      const v = [x, y, z][across]! / major;
      const strips = Math.min(Math.abs(v - 1 / 3), Math.abs(v + 1 / 3)) * 0.55;
      return Math.min(cubeEdge, strips);
    };
  if (kind === 'tennis')
    return ([x, y, z]) => {
      // The seam: z = 0.45 sin(2θ)-like curve around the ball, as a height over the equator.
      const angle = Math.atan2(y, x);
      const wave = 0.78 * Math.cos(2 * angle);
      return Math.abs(Math.asin(z) - Math.asin(wave * Math.sqrt(Math.max(0, 1 - z * z)) * 0.9)) * 0.8;
    };
  return ([x, y, z]) => {
    const gores = 6;
    const angle = Math.atan2(y, x);
    const sector = (Math.PI * 2) / gores;
    const local = Math.abs((((angle % sector) + sector) % sector) - sector / 2);
    const fromSeam = (sector / 2 - local) * Math.sqrt(Math.max(0, 1 - z * z));
    return Math.min(fromSeam, Math.abs(Math.abs(z) - 0.96));
  };
}

/** A sports ball with its seams or panel grooves: football, basketball, volleyball, tennis or beach ball. */
export const ball: Family = {
  name: 'ball',
  words: ['ball', 'football', 'soccer', 'basketball', 'volleyball', 'tennis', 'sphere', 'orb'],
  categories: ['ball', 'sports-and-outdoors', 'equipment', 'pets'],
  build(random: Random) {
    const kind = random.pick<Kind>(['football', 'basketball', 'volleyball', 'tennis', 'beach']);
    const radius = kind === 'tennis' ? 30 + random.next() * 6 : 40 + random.next() * 70;
    const groove = radius * (kind === 'beach' ? 0.012 : 0.022 + random.next() * 0.01);
    const depth = radius * (0.02 + random.next() * 0.015);
    const panels = kind === 'football' ? footballPanels() : [];
    const seam = seamAngle(kind, panels);
    // A random turn so no two balls show the same face.
    const turn = random.next() * Math.PI * 2;
    const tilt = random.next() * 0.6;
    const [ct, st, cl, sl] = [Math.cos(turn), Math.sin(turn), Math.cos(tilt), Math.sin(tilt)];
    const rings = 72 + random.int(0, 12);
    const profile: Point2[] = Array.from({ length: rings + 1 }, (_, i) => {
      const phi = (Math.PI * i) / rings;
      return [i === 0 || i === rings ? 0 : radius * Math.sin(phi), -radius * Math.cos(phi)];
    });
    // The sphere pushed in along the seams: a rounded groove `groove` wide and `depth` deep.
    const solid = warpedLathe(profile, rings * 2, (_r, _z, angle, index) => {
      const phi = (Math.PI * index) / rings;
      const [sp, cp] = [Math.sin(phi), Math.cos(phi)];
      const x = sp * Math.cos(angle),
        y = sp * Math.sin(angle),
        z = -cp;
      const ry = x * st + y * ct;
      const d: Vec3 = [x * ct - y * st, ry * cl - z * sl, ry * sl + z * cl];
      const off = (seam(d) * radius) / groove;
      const rho = radius - depth * Math.exp(-off * off);
      return [rho * sp, -rho * cp];
    });
    return placeOnBed(solid);
  },
};
