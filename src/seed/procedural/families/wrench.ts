import type { Random } from '@/lib/random';

import type { Point2 } from '../primitives';
import { placeOnBed } from '../solid';
import type { Family } from './family';
import { extrudeWithHoles } from './mechanical-kit';

type End = { kind: 'open' | 'ring'; radius: number; size: number };

const tau = Math.PI * 2;

/**
 * The outline of a head of radius `end.radius` at (cx, 0), counter-clockwise from angle `from` to `to`
 * (global angles); an open end's jaw slot faces `jaw`.
 */
function headArc(cx: number, end: End, from: number, to: number, jaw: number): Point2[] {
  const r = end.radius;
  const steps = Math.max(64, Math.round(((to - from) / tau) * 200));
  const points: Point2[] = [];
  const at = (a: number): Point2 => [cx + r * Math.cos(a), r * Math.sin(a)];
  if (end.kind === 'ring') {
    for (let i = 0; i <= steps; i++) points.push(at(from + ((to - from) * i) / steps));
    return points;
  }
  const half = end.size / 2;
  const alpha = Math.asin(Math.min(0.9, half / r));
  const bottom = -r * 0.15;
  const local = (u: number, v: number): Point2 => [
    cx + u * Math.cos(jaw) - v * Math.sin(jaw),
    u * Math.sin(jaw) + v * Math.cos(jaw),
  ];
  const first = jaw - alpha;
  const second = jaw + alpha;
  const n1 = Math.max(12, Math.round(steps * ((first - from) / (to - from))));
  for (let i = 0; i <= n1; i++) points.push(at(from + ((first - from) * i) / n1));
  points.push(local(r * Math.cos(alpha) * 0.6, -half), local(bottom, -half));
  for (let i = 1; i < 16; i++) {
    const a = -Math.PI / 2 - (Math.PI * i) / 16;
    points.push(local(bottom + half * Math.cos(a), half * Math.sin(a)));
  }
  points.push(local(bottom, half), local(r * Math.cos(alpha) * 0.6, half));
  const n2 = Math.max(12, steps - n1);
  for (let i = 0; i <= n2; i++) points.push(at(second + ((to - second) * i) / n2));
  return points;
}

/** A 12-point box-end hole (two hexagons), clockwise is not needed: extrudeWithHoles orients it. */
function twelvePoint(cx: number, size: number): Point2[] {
  const points: Point2[] = [];
  const flats = size / 2;
  for (let i = 0; i < 48; i++) {
    const a = (tau * i) / 48;
    const r = flats * (i % 4 === 0 ? 1.15 : i % 4 === 2 ? 1 : 1.07);
    points.push([cx + r * Math.cos(a), r * Math.sin(a)]);
  }
  return points;
}

/** A flat spanner: open-end, box-end or combination, heads of two sizes, extruded to its thickness. */
export const wrench: Family = {
  name: 'wrench',
  words: ['wrench', 'spanner', 'wrenches', 'spanners'],
  categories: ['hand-tools', 'machine-tools'],
  build(random: Random) {
    const size = 8 + random.next() * 14;
    const kinds = random.pick([
      ['open', 'ring'],
      ['open', 'ring'],
      ['open', 'open'],
      ['ring', 'ring'],
    ] as const);
    const sizes = [size, size * (random.chance(0.5) ? 1 : 0.8 + random.next() * 0.15)];
    const ends: End[] = kinds.map((kind, i) => ({
      kind,
      size: sizes[i]!,
      radius: sizes[i]! * (kind === 'open' ? 1.2 + random.next() * 0.2 : 0.95 + random.next() * 0.15),
    }));
    const length = Math.min(380, size * (6 + random.next() * 3.5));
    const handle = [
      ends[0]!.radius * (0.5 + random.next() * 0.12),
      ends[1]!.radius * (0.5 + random.next() * 0.12),
    ];
    const thickness = Math.max(3.5, size * (0.35 + random.next() * 0.12));
    const angle = ((10 + random.next() * 15) * Math.PI) / 180;
    const a0 = Math.asin(handle[0]! / ends[0]!.radius);
    const a1 = Math.asin(handle[1]! / ends[1]!.radius);
    const outline: Point2[] = [
      ...headArc(0, ends[0]!, a0, tau - a0, Math.PI + angle),
      ...headArc(length, ends[1]!, Math.PI + a1, 3 * Math.PI - a1, tau + angle),
    ];
    const holes = ends.map((end, i) =>
      end.kind === 'ring' ? twelvePoint(i === 0 ? 0 : length, end.size) : null,
    );
    return placeOnBed(
      extrudeWithHoles(
        outline,
        holes.filter((h): h is Point2[] => h !== null),
        0,
        thickness,
      ),
    );
  },
};
