import type { Random } from '@/lib/random';

import { boxSdf, capsuleSdf, polygonize, sphereSdf, type Sdf } from '../sdf';
import { placeOnBed, rotate, scale, type Vec3 } from '../solid';
import type { Family } from './family';

/** A wall hook: a rounded back plate with screw holes and one or two J-shaped arms with ball tips. */
export const wallHook: Family = {
  name: 'wall-hook',
  words: ['hook', 'hanger', 'peg', 'hooks', 'coat hook', 'towel hook'],
  categories: ['household-supplies', 'organization', 'bathroom'],
  build(random: Random) {
    const width = 22 + random.next() * 26;
    const height = 45 + random.next() * 50;
    const plate = 4 + random.next() * 3;
    const wire = 3 + random.next() * 3;
    const holeR = 2 + random.next();
    const layout = random.pick(['single', 'single', 'pair', 'coat'] as const);
    const arms: { x: number; z: number; reach: number; bend: number; rise: number }[] = [];
    const reach = 18 + random.next() * 30;
    const bend = 8 + random.next() * 12;
    const rise = ((40 + random.next() * 60) * Math.PI) / 180;
    if (layout === 'pair')
      for (const x of [-width / 4, width / 4])
        arms.push({ x, z: height * 0.3, reach, bend: bend * 0.8, rise });
    else if (layout === 'coat') {
      arms.push({ x: 0, z: height * 0.2, reach, bend, rise });
      arms.push({ x: 0, z: height * 0.62, reach: reach * 1.6, bend: bend * 0.7, rise: rise * 0.8 });
    } else arms.push({ x: 0, z: height * (0.2 + random.next() * 0.15), reach, bend, rise });
    const parts: Sdf[] = [
      boxSdf(0, plate / 2, height / 2, width / 2, plate / 2, height / 2, Math.min(plate / 2, 2.5)),
    ];
    let maxY = plate;
    let maxZ = height;
    for (const arm of arms) {
      const path: Vec3[] = [[arm.x, plate * 0.5, arm.z]];
      const steps = 7;
      for (let i = 0; i <= steps; i++) {
        const angle = -Math.PI / 2 + ((arm.rise + Math.PI / 2) * i) / steps;
        path.push([
          arm.x,
          plate + arm.reach + arm.bend * Math.cos(angle),
          arm.z + arm.bend + arm.bend * Math.sin(angle),
        ]);
      }
      for (let i = 0; i + 1 < path.length; i++) {
        const taper = 1 - 0.25 * (i / path.length);
        parts.push(capsuleSdf(path[i]!, path[i + 1]!, wire * taper * (i === 0 ? 1.15 : 1), wire * taper));
      }
      const tip = path.at(-1)!;
      parts.push(sphereSdf(tip[0], tip[1], tip[2], wire * 1.15));
      for (const p of path) {
        maxY = Math.max(maxY, p[1] + wire * 1.2);
        maxZ = Math.max(maxZ, p[2] + wire * 1.2);
      }
    }
    const holes = [
      height * 0.85,
      ...(layout === 'coat'
        ? []
        : [height * 0.1 + holeR + 2 > arms[0]!.z - wire - holeR ? -1 : height * 0.1]),
    ];
    const holeZs = holes.filter((z) => z > 0);
    const sdf: Sdf = (x, y, z) => {
      let d = Infinity;
      for (const part of parts) d = Math.min(d, part(x, y, z));
      if (y < plate + 1)
        for (const hz of holeZs) {
          const r = holeR + Math.max(0, y - (plate - holeR * 1.1));
          d = Math.max(d, r - Math.hypot(x, z - hz));
        }
      return d;
    };
    const longest = Math.max(width, maxY, maxZ);
    const cell = longest / (42 + random.int(0, 6));
    // Arms towards +x, so the product picture's three-quarter view shows the hook's profile.
    const shell = polygonize(sdf, [-width / 2, 0, 0], [width / 2, maxY, maxZ], cell);
    return placeOnBed(rotate(scale(shell, 1, -1, 1), 'z', Math.PI / 2));
  },
};
