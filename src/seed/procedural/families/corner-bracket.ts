import type { Random } from '@/lib/random';

import type { Point2 } from '../primitives';
import { MeshBuilder, placeOnBed, type Solid } from '../solid';
import type { Family } from './family';
import { circle, faceWithHoles, roundedRect } from './mechanical-kit';

interface Hole {
  /** Position on its leg: along the leg, across it. */
  at: Point2;
  /** The hole's outline about its centre, counter-clockwise (u along the leg, v across). */
  outline: Point2[];
  /** Countersink: the outline grown by this much at the inner face (0: straight). */
  sink: number;
}

/**
 * An exact L bracket: leg A lies on the bed (x from 0 to a, z from 0 to t), leg B stands up (x from 0 to
 * t, z up to b), both w wide across y; holes go straight through each leg, countersunk on the inside.
 */
function bracketSolid(a: number, b: number, w: number, t: number, holesA: Hole[], holesB: Hole[]): Solid {
  const builder = new MeshBuilder();
  const profile: Point2[] = [
    [0, 0],
    [a, 0],
    [a, t],
    [t, t],
    [t, b],
    [0, b],
  ];
  const left = profile.map(([x, z]) => builder.vertex(x, -w / 2, z));
  const right = profile.map(([x, z]) => builder.vertex(x, w / 2, z));
  // The two L-shaped sides, in (x, z): seen from -y counter-clockwise is the y = -w/2 side's outside.
  faceWithHoles(builder, { ids: left, points: profile }, [], false);
  faceWithHoles(builder, { ids: right, points: profile }, [], true);
  // A leg's holes: rings at the outer face, at the start of the countersink and at the inner face.
  // `mirrored`: the leg's (u, v, depth) frame is left-handed, so the walls wind the other way.
  const bore = (hole: Hole, place: (u: number, v: number, depth: number) => number, mirrored: boolean) => {
    const ring = (grow: number, depth: number) => {
      const points = hole.outline.map(([u, v]): Point2 => {
        const l = Math.hypot(u, v) || 1;
        return [hole.at[0] + u + (u / l) * grow, hole.at[1] + v + (v / l) * grow];
      });
      return { ids: points.map(([u, v]) => place(u, v, depth)), points };
    };
    const rings =
      hole.sink > 0 ? [ring(0, 0), ring(0, t - hole.sink), ring(hole.sink, t)] : [ring(0, 0), ring(0, t)];
    for (let r = 0; r + 1 < rings.length; r++) {
      const lower = rings[r]!.ids;
      const upper = rings[r + 1]!.ids;
      const n = lower.length;
      for (let i = 0; i < n; i++) {
        const j = (i + 1) % n;
        if (mirrored) builder.quad(lower[i]!, lower[j]!, upper[j]!, upper[i]!);
        else builder.quad(lower[j]!, lower[i]!, upper[i]!, upper[j]!);
      }
    }
    const reversed = (ring: { ids: number[]; points: Point2[] }) => ({
      ids: [...ring.ids].reverse(),
      points: [...ring.points].reverse(),
    });
    return { outer: reversed(rings[0]!), inner: reversed(rings.at(-1)!) };
  };
  // Leg A's holes run along z (u = x, v = y); leg B's along x (u = z, v = y).
  const boresA = holesA.map((hole) => bore(hole, (u, v, depth) => builder.vertex(u, v, depth), false));
  const boresB = holesB.map((hole) => bore(hole, (u, v, depth) => builder.vertex(depth, v, u), true));
  const rect = (ids: number[], points: Point2[]) => ({ ids, points });
  // Bottom (z = 0, facing down) and top of leg A (z = t, up), in (x, y).
  faceWithHoles(
    builder,
    rect(
      [left[0]!, left[1]!, right[1]!, right[0]!],
      [
        [0, -w / 2],
        [a, -w / 2],
        [a, w / 2],
        [0, w / 2],
      ],
    ),
    boresA.map((h) => h.outer),
    true,
  );
  faceWithHoles(
    builder,
    rect(
      [left[3]!, left[2]!, right[2]!, right[3]!],
      [
        [t, -w / 2],
        [a, -w / 2],
        [a, w / 2],
        [t, w / 2],
      ],
    ),
    boresA.map((h) => h.inner),
    false,
  );
  // Leg B's outer face (x = 0, facing -x) and inner face (x = t, +x), in (z, y): (z, y) turns the other way.
  faceWithHoles(
    builder,
    rect(
      [left[0]!, left[5]!, right[5]!, right[0]!],
      [
        [0, -w / 2],
        [b, -w / 2],
        [b, w / 2],
        [0, w / 2],
      ],
    ),
    boresB.map((h) => h.outer),
    false,
  );
  faceWithHoles(
    builder,
    rect(
      [left[3]!, left[4]!, right[4]!, right[3]!],
      [
        [t, -w / 2],
        [b, -w / 2],
        [b, w / 2],
        [t, w / 2],
      ],
    ),
    boresB.map((h) => h.inner),
    true,
  );
  // The end of leg A (x = a) and the top of leg B (z = b).
  builder.quad(left[1]!, right[1]!, right[2]!, left[2]!);
  builder.quad(left[5]!, left[4]!, right[4]!, right[5]!);
  return builder.build();
}

/** An L bracket with countersunk screw holes or slots in both legs, built exactly from flat faces. */
export const cornerBracket: Family = {
  name: 'corner-bracket',
  words: ['bracket', 'brace', 'corner', 'angle', 'mount', 'mounting', 'shelf bracket'],
  categories: ['diy', 'parts', 'replacement-parts', 'household-supplies'],
  build(random: Random) {
    const w = 16 + random.next() * 34;
    const legA = 30 + random.next() * 45;
    const legB = 30 + random.next() * 45;
    const t = 2.5 + random.next() * 3.5;
    const holeR = 1.7 + random.next() * 1.3;
    const sink = random.chance(0.6) ? Math.min(t * 0.6, holeR * 0.9) : 0;
    const pairs = w > 30 && random.chance(0.6);
    const across = pairs ? [-w / 4, w / 4] : [0];
    const holeCount = (leg: number) => (leg > 50 && random.chance(0.6) ? 2 : 1);
    const countA = holeCount(legA) * across.length;
    const countB = holeCount(legB) * across.length;
    const segments = Math.max(32, Math.ceil(900 / (countA + countB) / 4) * 4);
    const slots = random.chance(0.35) && !pairs;
    const makeHoles = (leg: number, count: number): Hole[] => {
      const along = count / across.length === 2 ? [0.42, 0.8] : [0.62];
      const holes: Hole[] = [];
      for (const f of along)
        for (const v of across) {
          const centre: Point2 = [t + (leg - t) * f, v];
          const outline = slots
            ? roundedRect(holeR * 2 + Math.min(10, (leg - t) * 0.15), holeR * 2, holeR - 0.01, segments / 4)
            : circle(holeR, segments);
          holes.push({ at: centre, outline, sink: slots ? 0 : sink });
        }
      return holes;
    };
    const solid = bracketSolid(legA, legB, w, t, makeHoles(legA, countA), makeHoles(legB, countB));
    return placeOnBed(solid);
  },
};
