import type { Random } from '@/lib/random';

import { tube } from '../primitives';
import { placeOnBed, type Vec3 } from '../solid';
import type { Family } from './family';

/**
 * A spring: wire along a helix. A compression spring with closed ends, a conical one, or a torsion
 * spring with straight legs leaving along the helix's tangent.
 */
export const coilSpring: Family = {
  name: 'coil-spring',
  words: ['spring', 'coil', 'slinky', 'compression spring', 'torsion spring'],
  categories: ['engineering', 'physics-and-astronomy'],
  build(random: Random) {
    const kind = random.pick(['compression', 'compression', 'conical', 'torsion'] as const);
    const radius = 6 + random.next() * 18;
    const wire = radius * (0.08 + random.next() * 0.1);
    const turns = kind === 'torsion' ? random.int(3, 7) : random.int(4, 11);
    const tight = wire * 2.35;
    const pitch = kind === 'torsion' ? tight : wire * (3 + random.next() * 4);
    const topRadius = kind === 'conical' ? radius * (0.35 + random.next() * 0.3) : radius;
    const perTurn = 36;
    const closedTurns = kind === 'torsion' ? 0 : 0.9;
    const path: Vec3[] = [];
    const steps = Math.round(turns * perTurn);
    let z = 0;
    for (let i = 0; i <= steps; i++) {
      const turn = i / perTurn;
      const a = Math.PI * 2 * turn;
      const nearEnd = Math.min(turn, turns - turn);
      const localPitch =
        nearEnd < closedTurns
          ? tight + (pitch - tight) * Math.max(0, (nearEnd - closedTurns * 0.6) / (closedTurns * 0.4))
          : pitch;
      if (i > 0) z += localPitch / perTurn;
      const r = radius + ((topRadius - radius) * i) / steps;
      path.push([r * Math.cos(a), r * Math.sin(a), z]);
    }
    if (kind === 'torsion') {
      const legLength = radius * (1.5 + random.next() * 2);
      const extend = (end: Vec3, before: Vec3, rise: number) => {
        const d = [end[0] - before[0], end[1] - before[1], 0];
        const l = Math.hypot(d[0]!, d[1]!);
        const legs: Vec3[] = [];
        for (let i = 1; i <= 8; i++) {
          const s = (legLength * i) / 8;
          legs.push([end[0] + (d[0]! / l) * s, end[1] + (d[1]! / l) * s, end[2] + rise * (i / 8)]);
        }
        return legs;
      };
      const head = extend(path[0]!, path[1]!, 0).reverse();
      const tail = extend(path.at(-1)!, path.at(-2)!, 0);
      path.unshift(...head);
      path.push(...tail);
    }
    return placeOnBed(tube(path, wire, random.int(10, 16)));
  },
};
