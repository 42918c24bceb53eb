/**
 * Generates the home page's static artwork into public/images/home/.
 *
 *   node --import tsx scripts/generate-home-art.ts
 *
 * Everything is drawn here: the hero and promo banners are low-poly 3D scenes rendered by a tiny
 * flat-shading projector (meshes → sorted SVG polygons) and rasterised to WebP with sharp; the
 * illustrations, icons and logos are hand-written SVG. The output is deterministic (seeded PRNG,
 * fixed geometry), so re-running produces byte-identical files. After writing, the script checks
 * size budgets and that white text has WCAG contrast ≥ 4.5 over each banner's calm text area.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const OUT_DIR = path.join(import.meta.dirname, '..', 'public', 'images', 'home');

// ───────────────────────────── small utilities ─────────────────────────────

type RGB = [number, number, number]; // 0..1 per channel (sRGB)
type V3 = [number, number, number];
type P2 = [number, number];

function mulberry32(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
const hex = (s: string): RGB => {
  const n = parseInt(s.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
};
const toHex = (c: RGB) =>
  '#' +
  c
    .map((v) =>
      Math.round(clamp01(v) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');
/** Number → short SVG coordinate (1 decimal, no "-0"). */
const n1 = (v: number) => String(Math.round(v * 10) / 10 || 0);
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

const add = (a: V3, b: V3): V3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const mul = (a: V3, k: number): V3 => [a[0] * k, a[1] * k, a[2] * k];
const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const unit = (a: V3): V3 => mul(a, 1 / (Math.hypot(a[0], a[1], a[2]) || 1));
const avg = (pts: V3[]): V3 => mul(pts.reduce(add, [0, 0, 0] as V3), 1 / pts.length);

function newell(pts: V3[]): V3 {
  let x = 0;
  let y = 0;
  let z = 0;
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i]!;
    const b = pts[(i + 1) % pts.length]!;
    x += (a[1] - b[1]) * (a[2] + b[2]);
    y += (a[2] - b[2]) * (a[0] + b[0]);
    z += (a[0] - b[0]) * (a[1] + b[1]);
  }
  return [x, y, z];
}

// ───────────────────────────── meshes ─────────────────────────────

interface Mat {
  c: RGB;
  /** Self-lit (LED eyes, glowing bits): shading is skipped. */
  glow?: boolean;
  spec?: number;
  gloss?: number;
}
interface Face {
  v: number[];
  holes?: number[][];
  m: Mat;
}
interface Mesh {
  p: V3[];
  f: Face[];
}

const mat = (c: string, extra: Partial<Mat> = {}): Mat => ({ c: hex(c), ...extra });

class MeshBuilder {
  p: V3[] = [];
  f: Face[] = [];
  v(pt: V3): number {
    this.p.push(pt);
    return this.p.length - 1;
  }
  /** Adds a face, flipping its winding if needed so its normal agrees with `hint` (outward). */
  face(idx: number[], m: Mat, hint: V3, holes?: number[][]): void {
    const n = newell(idx.map((i) => this.p[i]!));
    if (Math.hypot(n[0], n[1], n[2]) < 1e-9) return;
    const flip = dot(n, hint) < 0;
    this.f.push({ v: flip ? [...idx].reverse() : idx, m, holes });
  }
  mesh(): Mesh {
    return { p: this.p, f: this.f };
  }
}

type Op = (p: V3) => V3;
const rotX =
  (a: number): Op =>
  (p) => [p[0], p[1] * Math.cos(a) - p[2] * Math.sin(a), p[1] * Math.sin(a) + p[2] * Math.cos(a)];
const rotY =
  (a: number): Op =>
  (p) => [p[0] * Math.cos(a) + p[2] * Math.sin(a), p[1], -p[0] * Math.sin(a) + p[2] * Math.cos(a)];
const rotZ =
  (a: number): Op =>
  (p) => [p[0] * Math.cos(a) - p[1] * Math.sin(a), p[0] * Math.sin(a) + p[1] * Math.cos(a), p[2]];
const move =
  (d: V3): Op =>
  (p) =>
    add(p, d);
const scale =
  (k: number): Op =>
  (p) =>
    mul(p, k);
const tf = (m: Mesh, ...ops: Op[]): Mesh => ({
  p: m.p.map((pt) => ops.reduce((q, op) => op(q), pt)),
  f: m.f,
});
function merge(...meshes: Mesh[]): Mesh {
  const out: Mesh = { p: [], f: [] };
  for (const m of meshes) {
    const o = out.p.length;
    out.p.push(...m.p);
    out.f.push(
      ...m.f.map((f) => ({
        ...f,
        v: f.v.map((i) => i + o),
        holes: f.holes?.map((h) => h.map((i) => i + o)),
      })),
    );
  }
  return out;
}

/** Box with chamfered edges (bevel 0 → plain box), centred at the origin. */
function box(size: V3, bevel: number, m: Mat | ((outward: V3) => Mat)): Mesh {
  const mb = new MeshBuilder();
  const h = mul(size, 0.5);
  const b = Math.min(bevel, h[0] * 0.9, h[1] * 0.9, h[2] * 0.9);
  const pick = (n: V3) => (typeof m === 'function' ? m(n) : m);
  const P = (a: number, s: V3) => mb.v(s.map((sv, k) => (k === a ? sv * h[k]! : sv * (h[k]! - b))) as V3);
  const quadSigns: P2[] = [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ];
  for (let a = 0; a < 3; a++) {
    const u = (a + 1) % 3;
    const w = (a + 2) % 3;
    for (const sa of [-1, 1]) {
      const idx = quadSigns.map(([su, sw]) => {
        const s: V3 = [0, 0, 0];
        s[a] = sa;
        s[u] = su;
        s[w] = sw;
        return P(a, s);
      });
      const n: V3 = [0, 0, 0];
      n[a] = sa;
      mb.face(idx, pick(n), n);
    }
  }
  if (b > 0) {
    const edgeM = (n: V3) => pick(unit(n));
    for (const [a, c] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as P2[]) {
      const w = 3 - a - c;
      for (const sa of [-1, 1])
        for (const sc of [-1, 1]) {
          const s = (sw: number): V3 => {
            const r: V3 = [0, 0, 0];
            r[a] = sa;
            r[c] = sc;
            r[w] = sw;
            return r;
          };
          const n: V3 = [0, 0, 0];
          n[a] = sa;
          n[c] = sc;
          mb.face([P(a, s(-1)), P(a, s(1)), P(c, s(1)), P(c, s(-1))], edgeM(n), n);
        }
    }
    for (const sx of [-1, 1])
      for (const sy of [-1, 1])
        for (const sz of [-1, 1]) {
          const s: V3 = [sx, sy, sz];
          mb.face([P(0, s), P(1, s), P(2, s)], edgeM(s), s);
        }
  }
  return mb.mesh();
}

/** Surface of revolution around Y. Profile runs bottom → top along the outside. */
function lathe(
  prof: P2[],
  seg: number,
  m: Mat | ((ring: number, j: number) => Mat),
  o: { twist?: number; tri?: boolean; phase?: number } = {},
): Mesh {
  const mb = new MeshBuilder();
  const pick = (i: number, j: number) => (typeof m === 'function' ? m(i, j) : m);
  const ang = (j: number, y: number) => (o.phase ?? 0) + (2 * Math.PI * j) / seg + (o.twist ?? 0) * y;
  const rings = prof.map(([r, y]) =>
    range(seg).map((j) => mb.v([r * Math.cos(ang(j, y)), y, r * Math.sin(ang(j, y))])),
  );
  for (let i = 0; i < prof.length - 1; i++) {
    const [r0, y0] = prof[i]!;
    const [r1, y1] = prof[i + 1]!;
    const nr = y1 - y0;
    const ny = -(r1 - r0);
    for (let j = 0; j < seg; j++) {
      const j2 = (j + 1) % seg;
      const a = ang(j + 0.5, (y0 + y1) / 2);
      const hint: V3 = [nr * Math.cos(a), ny, nr * Math.sin(a)];
      const A = rings[i]![j]!;
      const B = rings[i]![j2]!;
      const C = rings[i + 1]![j2]!;
      const D = rings[i + 1]![j]!;
      const fm = pick(i, j);
      if (r0 < 1e-6) mb.face([A, C, D], fm, hint);
      else if (r1 < 1e-6) mb.face([A, B, D], fm, hint);
      else if (o.tri) {
        mb.face([A, B, C], fm, hint);
        mb.face([A, C, D], fm, hint);
      } else mb.face([A, B, C, D], fm, hint);
    }
  }
  if (prof[0]![0] > 1e-6) mb.face(rings[0]!, pick(0, 0), [0, -1, 0]);
  const last = prof.length - 1;
  if (prof[last]![0] > 1e-6) mb.face(rings[last]!, pick(last, 0), [0, 1, 0]);
  return mb.mesh();
}

const area2 = (pts: P2[]) =>
  pts.reduce((s, [x, y], i) => {
    const [x2, y2] = pts[(i + 1) % pts.length]!;
    return s + x * y2 - x2 * y;
  }, 0);

/** Moves each vertex of a CCW outline inwards by d (miter offset; fine for gentle outlines). */
function inset(pts: P2[], d: number): P2[] {
  return pts.map((p, i) => {
    const a = pts[(i + pts.length - 1) % pts.length]!;
    const b = pts[(i + 1) % pts.length]!;
    const n1 = unit([-(p[1] - a[1]), p[0] - a[0], 0]);
    const n2 = unit([-(b[1] - p[1]), b[0] - p[0], 0]);
    const bis = unit(add(n1, n2));
    const k = d / Math.max(0.35, dot(bis, n1));
    return [p[0] + bis[0] * k, p[1] + bis[1] * k];
  });
}

/** Extrudes a 2D outline (with optional holes) along Z, centred on z = 0; optional bevel (no holes). */
function extrude(outer: P2[], holes: P2[][], depth: number, m: Mat, side: Mat = m, bevel = 0): Mesh {
  const mb = new MeshBuilder();
  const loops = [
    area2(outer) < 0 ? [...outer].reverse() : outer,
    ...holes.map((h) => (area2(h) > 0 ? [...h].reverse() : h)),
  ];
  const d = depth / 2;
  const b = holes.length ? 0 : bevel;
  const ring = (l: P2[], z: number) => l.map(([x, y]) => mb.v([x, y, z]));
  const F = loops.map((l) => ring(l, d - b));
  const B = loops.map((l) => ring(l, -d + b));
  const sideFaces = (a: number[], c: number[], l: P2[], nz: number, fm: Mat) => {
    for (let k = 0; k < l.length; k++) {
      const k2 = (k + 1) % l.length;
      const [x0, y0] = l[k]!;
      const [x1, y1] = l[k2]!;
      const n = unit([y1 - y0, -(x1 - x0), 0]);
      mb.face([a[k]!, c[k]!, c[k2]!, a[k2]!], fm, [n[0], n[1], nz]);
    }
  };
  if (b > 0) {
    const inner = inset(loops[0]!, b);
    const FI = ring(inner, d);
    const BI = ring(inner, -d);
    mb.face(FI, m, [0, 0, 1]);
    mb.face(BI, m, [0, 0, -1]);
    sideFaces(FI, F[0]!, loops[0]!, 0.7, m);
    sideFaces(B[0]!, BI, loops[0]!, -0.7, m);
  } else {
    mb.face(F[0]!, m, [0, 0, 1], F.slice(1));
    mb.face(B[0]!, m, [0, 0, -1], B.slice(1));
  }
  loops.forEach((l, li) => sideFaces(F[li]!, B[li]!, l, 0, side));
  return mb.mesh();
}

/** Joins rings of equal length (e.g. cross-sections along a shoe) into a closed solid. */
function loft(rings: V3[][], m: (section: number, k: number) => Mat): Mesh {
  const mb = new MeshBuilder();
  const ids = rings.map((r) => r.map((p) => mb.v(p)));
  const centres = rings.map(avg);
  for (let i = 0; i < rings.length - 1; i++) {
    const n = rings[i]!.length;
    const c = mul(add(centres[i]!, centres[i + 1]!), 0.5);
    for (let k = 0; k < n; k++) {
      const k2 = (k + 1) % n;
      const idx = [ids[i]![k]!, ids[i]![k2]!, ids[i + 1]![k2]!, ids[i + 1]![k]!];
      mb.face(idx, m(i, k), sub(avg(idx.map((q) => mb.p[q]!)), c));
    }
  }
  const last = rings.length - 1;
  mb.face(ids[0]!, m(0, -1), sub(centres[0]!, centres[1]!));
  mb.face(ids[last]!, m(last, -1), sub(centres[last]!, centres[last - 1]!));
  return mb.mesh();
}

function icoBase(): { p: V3[]; t: number[][] } {
  const g = (1 + Math.sqrt(5)) / 2;
  const p: V3[] = (
    [
      [-1, g, 0],
      [1, g, 0],
      [-1, -g, 0],
      [1, -g, 0],
      [0, -1, g],
      [0, 1, g],
      [0, -1, -g],
      [0, 1, -g],
      [g, 0, -1],
      [g, 0, 1],
      [-g, 0, -1],
      [-g, 0, 1],
    ] as V3[]
  ).map(unit);
  // prettier-ignore
  const t = [
    [0, 11, 5], [0, 5, 1], [0, 1, 7], [0, 7, 10], [0, 10, 11], [1, 5, 9], [5, 11, 4], [11, 10, 2], [10, 7, 6], [7, 1, 8],
    [3, 9, 4], [3, 4, 2], [3, 2, 6], [3, 6, 8], [3, 8, 9], [4, 9, 5], [2, 4, 11], [6, 2, 10], [8, 6, 7], [9, 8, 1],
  ];
  return { p, t };
}

/** Low-poly (optionally lumpy) sphere. */
function icosphere(sub1: boolean, r: number, jitter: number, seed: number, m: Mat | ((n: V3) => Mat)): Mesh {
  const base = icoBase();
  let p = base.p;
  let t = base.t;
  if (sub1) {
    const cache = new Map<string, number>();
    const mid = (a: number, b: number) => {
      const key = a < b ? `${a}_${b}` : `${b}_${a}`;
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      p.push(unit(mul(add(p[a]!, p[b]!), 0.5)));
      cache.set(key, p.length - 1);
      return p.length - 1;
    };
    p = [...p];
    t = t.flatMap(([a, b, c]) => {
      const ab = mid(a!, b!);
      const bc = mid(b!, c!);
      const ca = mid(c!, a!);
      return [
        [a!, ab, ca],
        [b!, bc, ab],
        [c!, ca, bc],
        [ab, bc, ca],
      ];
    });
  }
  const rnd = mulberry32(seed);
  const mb = new MeshBuilder();
  p.forEach((q) => mb.v(mul(q, r * (1 + (rnd() - 0.5) * jitter))));
  for (const tri of t) {
    const c = avg(tri.map((i) => mb.p[i]!));
    mb.face(tri, typeof m === 'function' ? m(unit(c)) : m, c);
  }
  return mb.mesh();
}

// ───────────────────────────── rendering ─────────────────────────────

interface Camera {
  pitch: number;
  s: number; // pixels per world unit
  cx: number;
  cy: number;
}
interface Lights {
  key: V3;
  fill: V3;
  fillC: RGB;
  rimC: RGB;
  amb: number;
}

const camSpace = (cam: Camera, p: V3): V3 => {
  const c = Math.cos(cam.pitch);
  const s = Math.sin(cam.pitch);
  return [p[0], p[1] * c - p[2] * s, p[1] * s + p[2] * c];
};
const screen = (cam: Camera, p: V3): P2 => {
  const q = camSpace(cam, p);
  return [cam.cx + q[0] * cam.s, cam.cy - q[1] * cam.s];
};

function shade(m: Mat, n: V3, ao: number, L: Lights): RGB {
  if (m.glow) return m.c;
  const d = Math.max(0, dot(n, L.key));
  const f = Math.max(0, dot(n, L.fill));
  const sky = 0.5 + 0.5 * n[1];
  const fres = Math.pow(1 - Math.max(0, n[2]), 2.2);
  const h = unit(add(L.key, [0, 0, 1]));
  const spec = (m.spec ?? 0.22) * Math.pow(Math.max(0, dot(n, h)), m.gloss ?? 18);
  const k = L.amb + 0.08 * sky + 0.55 * d;
  const occl = 0.8 + 0.2 * ao;
  return [0, 1, 2].map((i) => {
    const base = m.c[i]! * k + L.fillC[i]! * 0.3 * f * m.c[i]! + L.rimC[i]! * 0.28 * fres;
    return base * occl + spec;
  }) as RGB;
}

const pathOf = (pts: P2[]) => 'M' + pts.map(([x, y]) => `${n1(x)} ${n1(y)}`).join('L') + 'Z';

interface DrawOpts {
  /** Draw as a flat silhouette (for soft drop shadows). */
  silhouette?: string;
}

/** Renders meshes as painter-sorted, flat-shaded SVG paths. Each mesh is sorted as a unit. */
function renderMeshes(meshes: Mesh[], cam: Camera, L: Lights, o: DrawOpts = {}): string {
  const items = meshes.map((m) => {
    const cp = m.p.map((p) => camSpace(cam, p));
    const ys = m.p.map((p) => p[1]);
    return { m, cp, depth: avg(cp)[2], y0: Math.min(...ys), y1: Math.max(...ys) };
  });
  items.sort((a, b) => a.depth - b.depth);
  const out: string[] = [];
  for (const it of items) {
    const faces = it.m.f
      .map((f) => {
        const pts = f.v.map((i) => it.cp[i]!);
        const n = unit(newell(pts));
        return { f, pts, n, z: avg(pts)[2] };
      })
      .filter((x) => x.n[2] > 1e-4)
      .sort((a, b) => a.z - b.z);
    for (const { f, n } of faces) {
      const toScr = (i: number): P2 => {
        const q = it.cp[i]!;
        return [cam.cx + q[0] * cam.s, cam.cy - q[1] * cam.s];
      };
      let d = pathOf(f.v.map(toScr));
      if (f.holes) d += f.holes.map((h) => pathOf(h.map(toScr))).join('');
      const ev = f.holes ? ' fill-rule="evenodd"' : '';
      if (o.silhouette) {
        out.push(`<path d="${d}"${ev}/>`);
        continue;
      }
      const wy = avg(f.v.map((i) => it.m.p[i]!))[1];
      const ao = it.y1 > it.y0 ? clamp01((wy - it.y0) / (it.y1 - it.y0)) : 1;
      const c = toHex(shade(f.m, n, Math.sqrt(ao), L));
      out.push(`<path d="${d}" fill="${c}" stroke="${c}"${ev}/>`);
    }
  }
  if (o.silhouette) return `<g fill="${o.silhouette}">${out.join('')}</g>`;
  return `<g stroke-width="0.8" stroke-linejoin="round">${out.join('')}</g>`;
}

/** Soft contact shadow: a blurred world-space ellipse on the floor plane. */
function floorShadow(
  cam: Camera,
  c: V3,
  rx: number,
  rz: number,
  opacity: number,
  blur: number,
  fill = '#040a24',
): string {
  const pts = range(28).map((i) => {
    const a = (2 * Math.PI * i) / 28;
    return screen(cam, [c[0] + rx * Math.cos(a), c[1], c[2] + rz * Math.sin(a)]);
  });
  return `<path d="${pathOf(pts)}" fill="${fill}" opacity="${opacity}" filter="url(#b${Math.round(blur)})"/>`;
}

function wireframe(
  cam: Camera,
  m: { p: V3[]; t: number[][] },
  op: Op[],
  color: string,
  width: number,
): string {
  const pts = m.p.map((p) => op.reduce((q, f) => f(q), p));
  const edges = new Map<string, P2>();
  for (const t of m.t)
    for (let i = 0; i < t.length; i++) {
      const a = t[i]!;
      const b = t[(i + 1) % t.length]!;
      edges.set(a < b ? `${a}_${b}` : `${b}_${a}`, [Math.min(a, b), Math.max(a, b)]);
    }
  const c = avg(pts.map((p) => camSpace(cam, p)))[2];
  const back: string[] = [];
  const front: string[] = [];
  for (const [a, b] of edges.values()) {
    const pa = pts[a]!;
    const pb = pts[b]!;
    const z = (camSpace(cam, pa)[2] + camSpace(cam, pb)[2]) / 2;
    const [x1, y1] = screen(cam, pa);
    const [x2, y2] = screen(cam, pb);
    (z < c ? back : front).push(`M${n1(x1)} ${n1(y1)}L${n1(x2)} ${n1(y2)}`);
  }
  const dots = pts
    .filter((p) => camSpace(cam, p)[2] >= c - 0.05)
    .map((p) => {
      const [x, y] = screen(cam, p);
      return `<circle cx="${n1(x)}" cy="${n1(y)}" r="${n1(width * 1.6)}"/>`;
    })
    .join('');
  return (
    `<g fill="none" stroke="${color}" stroke-linecap="round">` +
    `<path d="${back.join('')}" stroke-width="${n1(width * 0.7)}" opacity="0.35"/>` +
    `<path d="${front.join('')}" stroke-width="${n1(width)}" opacity="0.9"/></g>` +
    `<g fill="${color}">${dots}</g>`
  );
}

function sparkle(x: number, y: number, r: number, color: string, opacity: number): string {
  const k = r * 0.22;
  return `<path d="M${n1(x)} ${n1(y - r)}Q${n1(x + k)} ${n1(y - k)} ${n1(x + r)} ${n1(y)}Q${n1(x + k)} ${n1(y + k)} ${n1(x)} ${n1(y + r)}Q${n1(x - k)} ${n1(y + k)} ${n1(x - r)} ${n1(y)}Q${n1(x - k)} ${n1(y - k)} ${n1(x)} ${n1(y - r)}Z" fill="${color}" opacity="${opacity}"/>`;
}

const blurDefs = (...sd: number[]) =>
  sd
    .map(
      (s) =>
        `<filter id="b${s}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${s}"/></filter>`,
    )
    .join('');

// ───────────────────────────── hero scene: "Low-poly workshop" ─────────────────────────────

const C = {
  brand: '#2b50d8',
  light: '#6a8bff',
  deep: '#1d3aa8',
  orange: '#ff7a45',
  white: '#eef1f8',
  navy: '#0e1a45',
};

function robot(): Mesh {
  const white = mat('#e8ecf5', { spec: 0.3 });
  const blue = mat(C.brand);
  const deep = mat(C.deep);
  const visor = mat('#0b1436', { spec: 0.55, gloss: 30 });
  const eye = mat('#ffb08a', { glow: true });
  const accent = mat(C.orange, { glow: false, spec: 0.3 });
  const parts: Mesh[] = [];
  for (const sx of [-1, 1]) {
    parts.push(tf(box([0.34, 0.62, 0.36], 0.06, blue), move([sx * 0.3, 0.45, 0])));
    parts.push(tf(box([0.46, 0.2, 0.6], 0.07, deep), move([sx * 0.3, 0.1, 0.06])));
    parts.push(tf(box([0.26, 0.78, 0.3], 0.07, blue), move([sx * 0.8, 1.26, 0.02])));
    parts.push(tf(box([0.34, 0.26, 0.36], 0.08, white), move([sx * 0.8, 0.78, 0.04])));
    parts.push(tf(icosphere(false, 0.2, 0, 1, deep), move([sx * 0.72, 1.6, 0])));
    parts.push(
      tf(
        lathe(
          [
            [0.15, -0.06],
            [0.15, 0.06],
          ],
          10,
          accent,
        ),
        rotZ(Math.PI / 2),
        move([sx * 0.52, 2.28, 0]),
      ),
    );
  }
  parts.push(tf(box([1.22, 1.05, 0.82], 0.1, white), move([0, 1.28, 0])));
  parts.push(tf(box([0.6, 0.34, 0.06], 0.03, visor), move([0, 1.36, 0.42])));
  parts.push(tf(box([0.4, 0.07, 0.03], 0.01, mat('#7c9bff', { glow: true })), move([0, 1.42, 0.455])));
  parts.push(tf(box([0.18, 0.07, 0.03], 0.01, mat(C.orange, { glow: true })), move([-0.11, 1.3, 0.455])));
  parts.push(tf(box([0.32, 0.14, 0.32], 0.02, deep), move([0, 1.86, 0])));
  parts.push(tf(box([0.98, 0.72, 0.78], 0.12, white), move([0, 2.28, 0])));
  parts.push(tf(box([0.8, 0.38, 0.06], 0.04, visor), move([0, 2.3, 0.4])));
  for (const sx of [-1, 1]) parts.push(tf(box([0.15, 0.1, 0.03], 0.01, eye), move([sx * 0.18, 2.31, 0.44])));
  parts.push(
    tf(
      lathe(
        [
          [0.035, 2.62],
          [0.035, 2.95],
        ],
        6,
        deep,
      ),
      move([0, 0, 0]),
    ),
  );
  parts.push(tf(icosphere(false, 0.1, 0, 1, mat('#ff9a6c', { glow: true })), move([0, 3.0, 0])));
  return merge(...parts);
}

function vase(): Mesh {
  const prof: P2[] = [
    [0.0, 0.0],
    [0.46, 0.0],
    [0.62, 0.35],
    [0.72, 0.8],
    [0.66, 1.3],
    [0.46, 1.75],
    [0.36, 2.05],
    [0.42, 2.35],
    [0.5, 2.5],
    [0.42, 2.5],
    [0.34, 2.36],
    [0.28, 2.05],
    [0.0, 1.9],
  ];
  const body = mat('#ff7a45', { spec: 0.28 });
  const inner = mat('#9a3514', { spec: 0.05 });
  return lathe(prof, 11, (i) => (i >= 9 ? inner : body), { twist: 0.9, tri: true });
}

function knight(): Mesh {
  const ivory = mat('#f3efe7', { spec: 0.35, gloss: 22 });
  const base = lathe(
    [
      [0.0, 0],
      [0.72, 0],
      [0.72, 0.13],
      [0.6, 0.2],
      [0.6, 0.3],
      [0.46, 0.38],
      [0.42, 0.52],
      [0.54, 0.56],
      [0.54, 0.64],
      [0.0, 0.64],
    ],
    14,
    ivory,
  );
  const profile: P2[] = [
    [-0.42, 0],
    [0.46, 0],
    [0.4, 0.16],
    [0.22, 0.36],
    [0.3, 0.55],
    [0.58, 0.68],
    [0.7, 0.8],
    [0.66, 0.94],
    [0.44, 1.06],
    [0.3, 1.15],
    [0.22, 1.32],
    [0.12, 1.44],
    [0.02, 1.3],
    [-0.16, 1.24],
    [-0.36, 1.05],
    [-0.47, 0.8],
    [-0.5, 0.5],
    [-0.5, 0.2],
  ];
  const head = tf(extrude(profile, [], 0.56, ivory, ivory, 0.07), scale(1.05), move([0, 0.62, 0]));
  const eyes = [-1, 1].map((sz) =>
    tf(box([0.14, 0.07, 0.04], 0.01, mat('#2a2f45')), rotZ(-0.35), move([0.3, 0.62 + 1.0, sz * 0.29])),
  );
  const mane = tf(
    extrude(
      [
        [-0.16, 1.24],
        [-0.36, 1.05],
        [-0.47, 0.8],
        [-0.5, 0.5],
        [-0.58, 0.5],
        [-0.56, 0.86],
        [-0.42, 1.12],
        [-0.2, 1.3],
      ],
      [],
      0.3,
      mat('#dcd5c9', { spec: 0.2 }),
      mat('#dcd5c9', { spec: 0.2 }),
      0.05,
    ),
    scale(1.05),
    move([0, 0.62, 0]),
  );
  return merge(base, head, mane, ...eyes);
}

function sneaker(): Mesh {
  // Cross-sections from heel (x = 0) to toe; chunky, stylised proportions.
  const xs = [0, 0.1, 0.32, 0.62, 0.92, 1.25, 1.58, 1.88, 2.1, 2.26, 2.36, 2.42];
  const top = [0.98, 1.06, 0.9, 0.98, 0.92, 0.8, 0.7, 0.62, 0.57, 0.52, 0.47, 0.42];
  const wid = [0.56, 0.72, 0.8, 0.84, 0.88, 0.92, 0.92, 0.88, 0.8, 0.68, 0.5, 0.24];
  const sBot = [0.06, 0.02, 0, 0, 0, 0, 0.01, 0.03, 0.06, 0.09, 0.12, 0.15];
  const soleH = 0.3;
  const sp = (v: number, e: number) => Math.sign(v) * Math.pow(Math.abs(v), e);
  const N = 14;
  const theta = (k: number) => -Math.PI / 2 + (2 * Math.PI * k) / N;
  const upperRings = xs.map((x, i) =>
    range(N).map((k): V3 => {
      const t = theta(k);
      const y0 = sBot[i]! + soleH - 0.04;
      const h = Math.max(0.06, top[i]! - y0);
      return [x, y0 + h * (0.5 + 0.5 * sp(Math.sin(t), 0.8)), (wid[i]! / 2) * sp(Math.cos(t), 0.6)];
    }),
  );
  const soleRings = xs.map((x, i) =>
    range(8).map((k): V3 => {
      const t = -Math.PI / 2 + (2 * Math.PI * (k + 0.5)) / 8;
      const yb = sBot[i]!;
      const end = i === xs.length - 1 ? 0.5 : 1;
      return [
        x + (i === xs.length - 1 ? 0.05 : 0),
        yb + soleH * end * (0.5 + 0.5 * sp(Math.sin(t), 0.35)),
        ((wid[i]! + 0.1) / 2) * sp(Math.cos(t), 0.3) * (i === xs.length - 1 ? 1.6 : 1),
      ];
    }),
  );
  const white = mat('#f4f6fb', { spec: 0.25 });
  const grey = mat('#dde3f0');
  const panel = mat('#3a5ce6', { spec: 0.3 });
  const heel = mat(C.orange, { spec: 0.3 });
  const dark = mat('#101a3d');
  const upper = loft(upperRings, (i, k) => {
    if (k < 0) return i === 0 ? heel : white;
    const s = (Math.sin(theta(k)) + Math.sin(theta(k + 1))) / 2;
    const x = (xs[i]! + xs[i + 1]!) / 2;
    if (s > 0.85 && x < 0.6) return dark;
    if (s > 0.85 && x < 1.9) return grey;
    if (x < 0.2) return heel;
    if (Math.abs(s) < 0.6 && x > 0.4 && x < 1.75) return panel;
    return white;
  });
  const gum = mat(C.orange, { spec: 0.2 });
  const sole = loft(soleRings, (_i, k) => (k === 0 || k === 3 ? gum : white));
  const laces: Mesh[] = [0.8, 1.08, 1.36, 1.64].map((x) => {
    const i = xs.findIndex((xx) => xx > x);
    const f = (x - xs[i - 1]!) / (xs[i]! - xs[i - 1]!);
    const y = top[i - 1]! + (top[i]! - top[i - 1]!) * f;
    const slope = Math.atan2(top[i]! - top[i - 1]!, xs[i]! - xs[i - 1]!);
    return tf(
      box([0.09, 0.05, 0.5], 0.015, mat('#ffffff', { spec: 0.2 })),
      rotZ(slope),
      move([x, y + 0.01, 0]),
    );
  });
  return tf(merge(sole, upper, ...laces), move([-1.2, 0, 0]));
}

function gear(
  teeth: number,
  rRoot: number,
  rTip: number,
  rHole: number,
  depth: number,
  m: Mat,
  side: Mat,
): Mesh {
  const outline: P2[] = [];
  for (let i = 0; i < teeth; i++) {
    const a = (2 * Math.PI * i) / teeth;
    const w = Math.PI / teeth;
    for (const [da, r] of [
      [-w * 0.62, rRoot],
      [-w * 0.34, rTip],
      [w * 0.34, rTip],
      [w * 0.62, rRoot],
    ] as P2[])
      outline.push([r * Math.cos(a + da), r * Math.sin(a + da)]);
  }
  const hole = range(14).map((i): P2 => [
    rHole * Math.cos((2 * Math.PI * i) / 14),
    rHole * Math.sin((2 * Math.PI * i) / 14),
  ]);
  return extrude(outline, [hole], depth, m, side);
}

function cube(size: number, color: string, bevel = 0.08): Mesh {
  return box([size, size, size], bevel * size, mat(color, { spec: 0.3 }));
}

/** Ground position in "layout" coordinates: u → right, v → towards the viewer. */
const at = (u: number, y: number, v: number): Op => move([u, y, v]);

interface HeroLayout {
  w: number;
  h: number;
  cam: Camera;
  /** Background gradient direction: dark on the left (desktop) or on the top (mobile). */
  dir: 'h' | 'v';
  glow: { x: number; y: number; r: number };
  floaters: boolean;
  /** Pixel row above which nothing but background is drawn (mobile's calm top area). */
  calmBottom?: number;
}

const HERO_LIGHTS: Lights = {
  key: unit([-0.5, 0.62, 0.62]),
  fill: unit([0.85, 0.1, 0.45]),
  fillC: hex('#9fb4ff'),
  rimC: hex('#6a8bff'),
  amb: 0.46,
};

function heroScene(lay: HeroLayout): string {
  const { cam } = lay;
  const R1 = 5.0;
  const R2 = 5.6;
  const defs: string[] = [];
  const out: string[] = [];

  // Background
  if (lay.dir === 'h') {
    defs.push(
      `<linearGradient id="bg" x2="1" y2="0"><stop offset="0" stop-color="#071030"/><stop offset=".5" stop-color="#0b1942"/><stop offset=".75" stop-color="#11245f"/><stop offset="1" stop-color="#162d78"/></linearGradient>`,
    );
  } else {
    defs.push(
      `<linearGradient id="bg" x2="0" y2="1"><stop offset="0" stop-color="#071030"/><stop offset=".55" stop-color="#0b1942"/><stop offset="1" stop-color="#15307a"/></linearGradient>`,
    );
  }
  defs.push(
    `<radialGradient id="glow" gradientUnits="userSpaceOnUse" cx="${n1(lay.glow.x)}" cy="${n1(lay.glow.y)}" r="${n1(lay.glow.r)}"><stop offset="0" stop-color="#3a62f0" stop-opacity=".55"/><stop offset=".45" stop-color="#2b50d8" stop-opacity=".22"/><stop offset="1" stop-color="#2b50d8" stop-opacity="0"/></radialGradient>`,
  );
  out.push(`<rect width="${lay.w}" height="${lay.h}" fill="url(#bg)"/>`);
  out.push(`<rect width="${lay.w}" height="${lay.h}" fill="url(#glow)"/>`);

  // Plinth (two stacked discs) drawn with gradients for a soft, rendered look.
  const ell = (r: number, y: number, a0: number, a1: number, n: number) =>
    range(n + 1).map((i) => {
      const a = a0 + ((a1 - a0) * i) / n;
      return screen(cam, [r * Math.cos(a), y, r * Math.sin(a)]);
    });
  const [lx] = screen(cam, [-R2, 0, 0]);
  const [rx] = screen(cam, [R2, 0, 0]);
  defs.push(
    `<linearGradient id="side" gradientUnits="userSpaceOnUse" x1="${n1(lx)}" x2="${n1(rx)}" y1="0" y2="0"><stop offset="0" stop-color="#0d1d5c"/><stop offset=".35" stop-color="#2140b6"/><stop offset=".7" stop-color="#1a3597"/><stop offset="1" stop-color="#0c1a52"/></linearGradient>`,
  );
  const [, topBack] = screen(cam, [0, 0, -R1]);
  const [, topFront] = screen(cam, [0, 0, R1]);
  defs.push(
    `<linearGradient id="top" gradientUnits="userSpaceOnUse" x1="0" x2="0" y1="${n1(topBack)}" y2="${n1(topFront)}"><stop offset="0" stop-color="#3459de"/><stop offset="1" stop-color="#2544b9"/></linearGradient>`,
  );
  defs.push(
    `<radialGradient id="spot" gradientUnits="userSpaceOnUse" cx="${n1(screen(cam, [-1, 0, -1])[0])}" cy="${n1(screen(cam, [-1, 0, -1])[1])}" r="${n1(R1 * cam.s)}"><stop offset="0" stop-color="#7f9cff" stop-opacity=".45"/><stop offset="1" stop-color="#7f9cff" stop-opacity="0"/></radialGradient>`,
  );
  out.push(floorShadow(cam, [0.3, -0.62, 0.4], R2 * 1.05, R2 * 1.0, 0.75, Math.round(cam.s * 0.35)));
  const band = (r: number, yTop: number, yBot: number) =>
    pathOf([...ell(r, yTop, 0, Math.PI, 40), ...ell(r, yBot, Math.PI, 0, 40)]);
  out.push(`<path d="${band(R2, -0.32, -0.6)}" fill="url(#side)"/>`);
  out.push(`<path d="${pathOf(ell(R2, -0.32, 0, 2 * Math.PI, 72))}" fill="#1b3593"/>`);
  out.push(`<path d="${band(R1, 0, -0.32)}" fill="url(#side)"/>`);
  out.push(`<path d="${pathOf(ell(R1, 0, 0, 2 * Math.PI, 72))}" fill="url(#top)"/>`);
  out.push(`<path d="${pathOf(ell(R1, 0, 0, 2 * Math.PI, 72))}" fill="url(#spot)"/>`);
  const rim = (r: number, y: number, op: number) =>
    `<path d="M${ell(r, y, 0.05, Math.PI - 0.05, 40)
      .map(([x, yy]) => `${n1(x)} ${n1(yy)}`)
      .join(
        'L',
      )}" fill="none" stroke="#9db2ff" stroke-width="${n1(Math.max(1, cam.s * 0.025))}" stroke-linecap="round" opacity="${op}"/>`;
  out.push(
    `<path d="${pathOf(ell(R1 * 0.86, 0, 0, 2 * Math.PI, 72))}" fill="none" stroke="#16309a" stroke-width="${n1(Math.max(1, cam.s * 0.03))}" opacity=".55"/>`,
  );
  out.push(rim(R1, 0, 0.55));
  out.push(rim(R2, -0.32, 0.3));

  // Objects, positioned in layout coordinates.
  const objects: { mesh: Mesh; shadow: [number, number, number, number] }[] = [
    { mesh: tf(robot(), rotY(0.5), at(-1.7, 0, -1.6)), shadow: [-1.7, -1.6, 1.2, 0.8] },
    {
      mesh: tf(
        gear(11, 1.02, 1.3, 0.36, 0.34, mat('#c9d3ee', { spec: 0.45, gloss: 26 }), mat('#9eacd6')),
        rotY(-0.65),
        at(1.3, 1.3, -2.7),
      ),
      shadow: [1.35, -2.6, 1.1, 0.45],
    },
    { mesh: tf(vase(), at(3.0, 0, -0.6)), shadow: [3.0, -0.55, 0.8, 0.75] },
    { mesh: tf(knight(), rotY(-0.75), at(0.4, 0, 1.4)), shadow: [0.4, 1.45, 0.85, 0.8] },
    { mesh: tf(sneaker(), rotY(0.38), at(2.55, 0, 2.7)), shadow: [2.6, 2.75, 1.6, 0.75] },
    { mesh: tf(cube(1.0, C.brand), rotY(0.62), at(-3.6, 0.5, 0.4)), shadow: [-3.6, 0.4, 0.8, 0.8] },
    { mesh: tf(cube(1.0, C.orange), rotY(0.35), at(-2.55, 0.5, 1.2)), shadow: [-2.55, 1.2, 0.8, 0.8] },
    { mesh: tf(cube(0.9, '#eef1f8'), rotY(0.9), at(-3.35, 1.45, 0.6)), shadow: [-3.3, 0.6, 0, 0] },
    {
      mesh: tf(icosphere(true, 0.62, 0.28, 7, mat(C.light, { spec: 0.3 })), at(-1.4, 0.55, 2.8)),
      shadow: [-1.4, 2.8, 0.7, 0.6],
    },
  ];
  if (lay.floaters) {
    objects.push({
      mesh: tf(cube(0.55, C.orange), rotX(0.5), rotZ(0.6), rotY(0.3), at(-4.2, 3.2, -1.2)),
      shadow: [-4.2, -1.2, 0.45, 0.4],
    });
    objects.push({
      mesh: tf(icosphere(false, 0.38, 0, 3, mat('#eef1f8', { spec: 0.35 })), rotZ(0.4), at(4.8, 2.6, 0.2)),
      shadow: [4.8, 0.2, 0.35, 0.3],
    });
  }
  for (const o of objects) {
    const [u, v, rx2, rz] = o.shadow;
    if (rx2 > 0) out.push(floorShadow(cam, [u + 0.18, 0, v - 0.12], rx2, rz, 0.55, Math.round(cam.s * 0.14)));
  }
  out.push(
    renderMeshes(
      objects.map((o) => o.mesh),
      cam,
      HERO_LIGHTS,
    ),
  );

  if (lay.floaters) {
    out.push(
      wireframe(
        cam,
        icoBase(),
        [scale(0.85), rotY(0.4), rotX(0.3), at(4.1, 3.55, -2.2)],
        '#8ea8ff',
        Math.max(1.2, cam.s * 0.022),
      ),
    );
    out.push(floorShadow(cam, [4.1, 0, -2.2], 0.7, 0.6, 0.3, Math.round(cam.s * 0.2)));
  }
  // Glints around the scene (never in the calm text area: they are placed in scene coordinates).
  const glints: [number, number, number, number][] = [
    [-4.9, 4.3, -2.5, 0.16],
    [5.6, 3.9, -1, 0.13],
    [0.1, 4.4, -3.5, 0.1],
    [-0.2, 3.5, 1.5, 0.08],
  ];
  for (const [u, y, v, r] of glints) {
    const [x, yy] = screen(cam, [u, y, v]);
    if (yy - r * cam.s > (lay.calmBottom ?? -1) + 12) out.push(sparkle(x, yy, r * cam.s, '#b7c6ff', 0.7));
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${lay.w}" height="${lay.h}" viewBox="0 0 ${lay.w} ${lay.h}"><defs>${defs.join('')}${blurDefs(...blurSizes(cam.s))}</defs>${out.join('')}</svg>`;
}

const blurSizes = (s: number) => [
  ...new Set([Math.round(s * 0.35), Math.round(s * 0.14), Math.round(s * 0.2)]),
];

// ───────────────────────────── promo scene: sale ─────────────────────────────

const PROMO_LIGHTS: Lights = {
  key: unit([-0.5, 0.7, 0.5]),
  fill: unit([0.9, -0.1, 0.4]),
  fillC: hex('#ffb08a'),
  rimC: hex('#ffc7a8'),
  amb: 0.54,
};

function priceTag(w: number, h: number, depth: number, m: Mat, side: Mat): Mesh {
  const hw = w / 2;
  const hh = h / 2;
  const neck = -hw + h * 0.42;
  const r = h * 0.16;
  const corner = (cx: number, cy: number, a0: number): P2[] =>
    range(4).map((i) => [
      cx + r * Math.cos(a0 + (i * Math.PI) / 6),
      cy + r * Math.sin(a0 + (i * Math.PI) / 6),
    ]);
  const outline: P2[] = [
    [-hw, 0],
    [neck, -hh],
    ...corner(hw - r, -hh + r, -Math.PI / 2),
    ...corner(hw - r, hh - r, 0),
    [neck, hh],
  ];
  const hole = range(12).map((i): P2 => [
    neck - h * 0.08 + h * 0.12 * Math.cos((i * Math.PI) / 6),
    h * 0.12 * Math.sin((i * Math.PI) / 6),
  ]);
  return extrude(outline, [hole], depth, m, side);
}

function percent(m: Mat, side: Mat): Mesh {
  const ring = (cx: number, cy: number) =>
    tf(
      extrude(
        range(16).map((i): P2 => [0.36 * Math.cos((i * Math.PI) / 8), 0.36 * Math.sin((i * Math.PI) / 8)]),
        [range(12).map((i): P2 => [0.17 * Math.cos((i * Math.PI) / 6), 0.17 * Math.sin((i * Math.PI) / 6)])],
        0.3,
        m,
        side,
      ),
      move([cx, cy, 0]),
    );
  const bar = tf(box([0.22, 1.9, 0.3], 0.04, m), rotZ(-0.62));
  return merge(ring(-0.52, 0.52), ring(0.52, -0.52), bar);
}

interface PromoLayout {
  w: number;
  h: number;
  cam: Camera;
  glow: { x: number; y: number; r: number };
  compact: boolean;
}

function promoScene(lay: PromoLayout): string {
  const { cam } = lay;
  const cream = mat('#fff8f3', { spec: 0.35 });
  const creamSide = mat('#f1ddd0');
  const blue = mat('#3a60ee', { spec: 0.35 });
  const blueSide = mat(C.deep);
  const navy = mat('#1d3aa8', { spec: 0.4 });
  const tagOps: Op[] = [rotZ(0.28), rotY(-0.45), rotX(-0.3), move([0.2, 0.15, 0])];
  const holeAt = (h: number, w: number) => -w / 2 + h * 0.42 - h * 0.08;
  const meshes: Mesh[] = [
    tf(priceTag(2.7, 1.45, 0.18, cream, creamSide), ...tagOps),
    tf(percent(navy, mat('#142b86')), rotY(0.55), rotX(0.18), move([2.75, 0.25, 0.2])),
    tf(priceTag(1.9, 1.02, 0.15, blue, blueSide), rotZ(-0.42), rotY(0.6), rotX(-0.2), move([5.0, -0.35, 0])),
    tf(cube(0.8, '#ffc54d'), rotY(0.7), rotX(0.45), move([-1.75, -1.05, 0.4])),
    tf(cube(0.58, C.brand), rotY(0.3), rotX(0.6), rotZ(0.3), move([4.05, 1.2, -0.4])),
    tf(cube(0.36, '#ffc54d'), rotY(0.2), rotX(0.8), move([1.45, -1.25, 0.5])),
  ];
  if (!lay.compact) {
    meshes.push(tf(cube(0.46, '#fff5ee'), rotY(0.9), rotX(0.3), move([6.45, 0.95, 0.2])));
    meshes.push(tf(cube(0.4, C.brand), rotY(0.5), rotX(0.7), move([-2.3, 1.1, -0.2])));
  }

  const defs = [
    `<linearGradient id="bg" x2="1" y2="0"><stop offset="0" stop-color="#b9360a"/><stop offset=".5" stop-color="#c93e0d"/><stop offset=".75" stop-color="#ee6424"/><stop offset="1" stop-color="#ff7a45"/></linearGradient>`,
    `<radialGradient id="glow" gradientUnits="userSpaceOnUse" cx="${n1(lay.glow.x)}" cy="${n1(lay.glow.y)}" r="${n1(lay.glow.r)}"><stop offset="0" stop-color="#ffa877" stop-opacity=".75"/><stop offset="1" stop-color="#ff8a57" stop-opacity="0"/></radialGradient>`,
    blurDefs(Math.round(cam.s * 0.12)),
  ];
  const out = [
    `<rect width="${lay.w}" height="${lay.h}" fill="url(#bg)"/>`,
    `<rect width="${lay.w}" height="${lay.h}" fill="url(#glow)"/>`,
  ];
  // Large soft rings behind the objects.
  const [gx, gy] = [lay.glow.x, lay.glow.y];
  out.push(
    `<g fill="none" stroke="#fff" opacity=".12"><circle cx="${n1(gx)}" cy="${n1(gy)}" r="${n1(cam.s * 2.2)}" stroke-width="${n1(cam.s * 0.05)}"/><circle cx="${n1(gx)}" cy="${n1(gy)}" r="${n1(cam.s * 3.3)}" stroke-width="${n1(cam.s * 0.025)}"/></g>`,
  );
  out.push(
    `<g transform="translate(${n1(cam.s * 0.12)} ${n1(cam.s * 0.32)})" opacity=".28" filter="url(#b${Math.round(cam.s * 0.12)})">${renderMeshes(meshes, cam, PROMO_LIGHTS, { silhouette: '#5a1a00' })}</g>`,
  );
  out.push(renderMeshes(meshes, cam, PROMO_LIGHTS));
  // A loose string through the big tag's hole.
  const [hx, hy] = screen(
    cam,
    tagOps.reduce((q, op) => op(q), [holeAt(1.45, 2.7), 0, 0.09] as V3),
  );
  const k = cam.s;
  out.push(
    `<path d="M${n1(hx)} ${n1(hy)}c${n1(-0.5 * k)} ${n1(-0.15 * k)} ${n1(-0.75 * k)} ${n1(-0.7 * k)} ${n1(-0.55 * k)} ${n1(-1.15 * k)}s${n1(-0.1 * k)} ${n1(-0.55 * k)} ${n1(-0.45 * k)} ${n1(-0.7 * k)}" fill="none" stroke="#fff1e6" stroke-width="${n1(Math.max(1.5, k * 0.035))}" stroke-linecap="round" opacity=".9"/>`,
  );
  const glints: [number, number, number][] = [
    [-1.45, 0.45, 0.15],
    [3.6, -1.3, 0.12],
    [1.9, 1.45, 0.1],
  ];
  if (!lay.compact) glints.push([6.9, -0.6, 0.14]);
  for (const [x, y, r] of glints) {
    const [sx, sy] = screen(cam, [x, y, 0]);
    out.push(sparkle(sx, sy, r * cam.s, '#fff4ea', 0.85));
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${lay.w}" height="${lay.h}" viewBox="0 0 ${lay.w} ${lay.h}"><defs>${defs.join('')}</defs>${out.join('')}</svg>`;
}

// ───────────────────────────── SVG illustrations & icons ─────────────────────────────

const svgDoc = (w: number, h: number, body: string, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${defs ? `<defs>${defs}</defs>` : ''}${body}</svg>`;
const poly = (pts: P2[], fill: string, extra = '') =>
  `<path d="M${pts.map(([x, y]) => `${n1(x)} ${n1(y)}`).join('L')}Z" fill="${fill}"${extra}/>`;

type Tones = [string, string, string]; // top, left, right
const TONES = {
  blue: ['#7b98ff', '#2b50d8', '#1d3aa8'] as Tones,
  orange: ['#ffb895', '#ff7a45', '#d9541d'] as Tones,
  white: ['#ffffff', '#e1e7f5', '#c4cee8'] as Tones,
  light: ['#c3d0ff', '#6a8bff', '#4a6ae6'] as Tones,
  navy: ['#4465d8', '#1d3aa8', '#152b80'] as Tones,
};

/** Isometric box; (cx, cy) is the centre of its top face, lx/ly run along the two ground axes. */
function isoBox(
  cx: number,
  cy: number,
  lx: number,
  ly: number,
  h: number,
  [top, left, right]: Tones,
): string {
  const P = (u: number, v: number, z: number): P2 => [cx + (u - v) * 0.866, cy + (u + v) * 0.5 - z];
  const a = lx / 2;
  const b = ly / 2;
  return (
    poly([P(-a, -b, 0), P(a, -b, 0), P(a, b, 0), P(-a, b, 0)], top) +
    poly([P(-a, b, 0), P(a, b, 0), P(a, b, -h), P(-a, b, -h)], left) +
    poly([P(a, -b, 0), P(a, b, 0), P(a, b, -h), P(a, -b, -h)], right)
  );
}
const isoCube = (cx: number, cy: number, s: number, t: Tones) => isoBox(cx, cy, s, s, s, t);

const SHADOW_FILTER = `<filter id="sh" x="-30%" y="-30%" width="160%" height="170%"><feDropShadow dy="5" stdDeviation="6" flood-color="#1d3aa8" flood-opacity=".16"/></filter>`;

/** Head-and-shoulders avatar clipped to a circle of radius r (needs clipPath #av in defs, r = 27). */
function avatar(
  x: number,
  y: number,
  bg: string,
  skin: string,
  shirt: string,
  hair: string,
  long = false,
): string {
  const hairPath = long
    ? `<path d="M-13-6c0-11 6-16 13-16s13 5 13 16v14h-5v-12h-16v12h-5z" fill="${hair}"/>`
    : `<path d="M-11-9c0-8 5-12 11-12s11 4 11 12c-4-4-10-5-16-3z" fill="${hair}"/>`;
  return (
    `<g transform="translate(${x} ${y})" filter="url(#sh)"><circle r="31" fill="#fff"/><g clip-path="url(#av)"><circle r="27" fill="${bg}"/>` +
    `<path d="M-23 30c0-17 10-23 23-23s23 6 23 23z" fill="${shirt}"/>` +
    (long ? hairPath : '') +
    `<circle cy="-8" r="11" fill="${skin}"/>` +
    (long ? '' : hairPath) +
    `</g></g>`
  );
}

const badge = (x: number, y: number, fill: string, glyph: 'check' | 'plus' | 'star') => {
  const g =
    glyph === 'check'
      ? `<path d="M-4 0l3 3 5-6" fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>`
      : glyph === 'plus'
        ? `<path d="M0-4.5v9M-4.5 0h9" stroke="#fff" stroke-width="2.4" stroke-linecap="round"/>`
        : `<path d="M0-5l1.5 3.2 3.5.4-2.6 2.4.7 3.5L0 2.8l-3.1 1.7.7-3.5-2.6-2.4 3.5-.4z" fill="#fff"/>`;
  return `<g transform="translate(${x} ${y})"><circle r="10" fill="${fill}" stroke="#fff" stroke-width="2.5"/>${g}</g>`;
};

function businessTeam(): string {
  const defs =
    `<radialGradient id="bg" cx=".45" cy=".4" r=".65"><stop offset="0" stop-color="#f4f7ff"/><stop offset="1" stop-color="#e0e8ff"/></radialGradient>` +
    `<clipPath id="av"><circle r="27"/></clipPath>` +
    SHADOW_FILTER;
  const parts: string[] = [];
  parts.push(`<circle cx="240" cy="176" r="152" fill="url(#bg)"/>`);
  parts.push(`<ellipse cx="240" cy="300" rx="128" ry="17" fill="#1d3aa8" opacity=".09"/>`);
  // Stacked folders (bottom → top), each with a tab and a sheet of paper peeking out.
  const folders: [number, Tones][] = [
    [262, TONES.navy],
    [228, TONES.blue],
    [194, TONES.light],
  ];
  const lx = 132;
  const ly = 100;
  folders.forEach(([cy, tones], i) => {
    const P = (u: number, v: number): P2 => [240 + (u - v) * 0.866, cy + (u + v) * 0.5];
    const [tx, ty] = P(-lx / 2 + 28, -ly / 2 - 4);
    parts.push(isoBox(tx, ty - 4, 40, 10, 14, [tones[0], tones[1], tones[2]]));
    parts.push(isoBox(240, cy, lx, ly, 16, tones));
    if (i < folders.length - 1) {
      const [sx, sy] = P(8, 0);
      parts.push(isoBox(sx, sy - 8, lx - 14, ly - 12, 7, TONES.white));
    }
  });
  // Models stored on the top folder.
  const top = 194;
  const Pt = (u: number, v: number): P2 => [240 + (u - v) * 0.866, top + (u + v) * 0.5];
  const cubes: [number, number, number, Tones][] = [
    [-30, -18, 34, TONES.orange],
    [22, -22, 28, TONES.white],
    [-6, 22, 30, TONES.navy],
    [34, 18, 22, TONES.orange],
  ];
  for (const [u, v, sz, t] of cubes.sort((a, b) => a[0] + a[1] - (b[0] + b[1]))) {
    const [x, y] = Pt(u, v);
    parts.push(isoCube(x, y - sz, sz, t));
  }
  // A model arriving in the shared library (dashed wireframe cube) + glints.
  const wf = (cx: number, cy: number, sz: number) => {
    const P = (u: number, v: number, z: number): P2 => [cx + (u - v) * 0.866, cy + (u + v) * 0.5 - z];
    const a = sz / 2;
    const seg = (p: P2, q: P2) => `M${n1(p[0])} ${n1(p[1])}L${n1(q[0])} ${n1(q[1])}`;
    const c = [P(-a, -a, 0), P(a, -a, 0), P(a, a, 0), P(-a, a, 0)];
    const d = c.map(([x, y]): P2 => [x, y + sz]);
    // Vertex 0 of the bottom ring is the hidden back corner.
    const hidden = [seg(d[3]!, d[0]!), seg(d[0]!, d[1]!), seg(c[0]!, d[0]!)];
    const shown = range(4).flatMap((i) => [
      seg(c[i]!, c[(i + 1) % 4]!),
      ...(i > 0 ? [seg(c[i]!, d[i]!)] : []),
    ]);
    shown.push(seg(d[1]!, d[2]!), seg(d[2]!, d[3]!));
    return (
      `<path d="${shown.join('')}" fill="none" stroke="#2b50d8" stroke-width="2" stroke-dasharray="4 4" stroke-linecap="round"/>` +
      `<path d="${hidden.join('')}" fill="none" stroke="#2b50d8" stroke-width="1.5" stroke-dasharray="2 4" stroke-linecap="round" opacity=".4"/>`
    );
  };
  parts.push(wf(240, 40, 32));
  parts.push(
    `<path d="M240 97v14" stroke="#6a8bff" stroke-width="2.5" stroke-linecap="round"/><path d="M234 105l6 7 6-7" fill="none" stroke="#6a8bff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
  parts.push(
    sparkle(290, 44, 8, '#ff7a45', 1),
    sparkle(190, 76, 5, '#6a8bff', 1),
    sparkle(298, 92, 4, '#2b50d8', 0.8),
  );
  // Team members connected to the library.
  parts.push(
    `<g fill="none" stroke="#6a8bff" stroke-width="2" stroke-dasharray="2 6" stroke-linecap="round"><path d="M112 134c30 6 44 22 54 48"/><path d="M368 120c-26 8-40 24-48 52"/><path d="M364 262c-22 4-34 2-46-4"/><path d="M116 268c22 2 34-2 48-10"/></g>`,
  );
  parts.push(avatar(84, 126, '#dfe6ff', '#f1c7a6', '#2b50d8', '#3b2a22'));
  parts.push(avatar(398, 110, '#ffe5d9', '#c98f6b', '#ff7a45', '#1f1a17', true));
  parts.push(avatar(394, 266, '#e6ecff', '#8d5a3b', '#1d3aa8', '#14110f'));
  parts.push(avatar(86, 270, '#fff0e8', '#f3d2b8', '#6a8bff', '#c77d3a', true));
  parts.push(
    badge(108, 150, '#2b50d8', 'check'),
    badge(422, 134, '#ff7a45', 'plus'),
    badge(418, 288, '#2b50d8', 'star'),
  );
  return svgDoc(480, 360, parts.join(''), defs);
}

const ILLU_LIGHTS: Lights = {
  key: unit([-0.5, 0.62, 0.62]),
  fill: unit([0.85, 0.1, 0.45]),
  fillC: hex('#ffd5c0'),
  rimC: hex('#c8d4ff'),
  amb: 0.5,
};

function customCreation(): string {
  const defs =
    `<linearGradient id="ph" x2="0" y2="1"><stop offset="0" stop-color="#ffe9dd"/><stop offset="1" stop-color="#ffd0b8"/></linearGradient>` +
    `<linearGradient id="vs" x2="1" y2="0"><stop offset="0" stop-color="#ff9a6c"/><stop offset=".55" stop-color="#ff7a45"/><stop offset="1" stop-color="#c8461a"/></linearGradient>` +
    SHADOW_FILTER;
  const parts: string[] = [];
  parts.push(
    `<circle cx="128" cy="164" r="108" fill="#eef2ff"/><circle cx="356" cy="160" r="116" fill="#fff3ec"/>`,
  );
  // Reference photo (polaroid-style card).
  parts.push(
    `<g transform="rotate(-6 128 160)"><rect x="56" y="64" width="144" height="184" rx="10" fill="#fff" filter="url(#sh)"/>` +
      `<rect x="68" y="76" width="120" height="132" rx="5" fill="url(#ph)"/><path d="M68 176h120v27a5 5 0 0 1-5 5H73a5 5 0 0 1-5-5z" fill="#f5b896"/>` +
      `<ellipse cx="128" cy="184" rx="26" ry="5" fill="#b9532a" opacity=".25"/>` +
      `<path d="M116 102h24v5c0 4 3 7 7 12 6 8 8 20 5 34-2 12-7 24-12 30h-24c-5-6-10-18-12-30-3-14-1-26 5-34 4-5 7-8 7-12z" fill="url(#vs)"/>` +
      `<path d="M112 100h32" stroke="#c8461a" stroke-width="4" stroke-linecap="round"/>` +
      `<path d="M109 134c-2 9-1 20 3 32" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity=".45"/>` +
      `<rect x="68" y="218" width="72" height="8" rx="4" fill="#dfe4f0"/><rect x="68" y="232" width="46" height="6" rx="3" fill="#eceff6"/></g>`,
  );
  parts.push(
    `<g transform="translate(196 66)"><circle r="17" fill="#2b50d8" stroke="#fff" stroke-width="3"/><path d="M-8-3h4l2-3h4l2 3h4v10h-16z" fill="#fff"/><circle cy="2" r="3.2" fill="#2b50d8"/></g>`,
  );
  // Conversion arrow with a "magic" step.
  parts.push(
    `<path d="M212 166h70" stroke="#6a8bff" stroke-width="3" stroke-dasharray="1 7" stroke-linecap="round"/>` +
      `<path d="M280 159l7 7-7 7" fill="none" stroke="#6a8bff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<circle cx="244" cy="166" r="19" fill="#ff7a45" filter="url(#sh)"/>` +
      sparkle(243, 167, 10, '#fff', 1) +
      sparkle(253, 157, 4, '#fff', 1),
  );
  // The resulting low-poly 3D model on a grid, with a selection frame and axis gizmo.
  const cam: Camera = { pitch: 0.42, s: 44, cx: 374, cy: 236 };
  const grid: string[] = [];
  const g = rotY(Math.PI / 4);
  for (let i = -4; i <= 4; i++) {
    const a = screen(cam, g([i * 0.6, 0, -2.6]));
    const b = screen(cam, g([i * 0.6, 0, 2.6]));
    const c = screen(cam, g([-2.6, 0, i * 0.6]));
    const d = screen(cam, g([2.6, 0, i * 0.6]));
    grid.push(
      `M${n1(a[0])} ${n1(a[1])}L${n1(b[0])} ${n1(b[1])}M${n1(c[0])} ${n1(c[1])}L${n1(d[0])} ${n1(d[1])}`,
    );
  }
  const plate = range(32).map((i) =>
    screen(cam, [2.3 * Math.cos((i * Math.PI) / 16), 0, 2.3 * Math.sin((i * Math.PI) / 16)]),
  );
  const [pcx, pcy] = screen(cam, [0, 0, 0]);
  parts.push(
    `<clipPath id="pl"><ellipse cx="${n1(pcx)}" cy="${n1(pcy)}" rx="${n1(2.3 * cam.s)}" ry="${n1(2.3 * cam.s * Math.sin(cam.pitch))}"/></clipPath>`,
  );
  parts.push(poly(plate, '#e3e9ff'));
  parts.push(`<path d="${grid.join('')}" stroke="#c2cff8" stroke-width="1" clip-path="url(#pl)"/>`);
  parts.push(
    `<ellipse cx="${n1(pcx)}" cy="${n1(pcy)}" rx="${n1(2.3 * cam.s)}" ry="${n1(2.3 * cam.s * Math.sin(cam.pitch))}" fill="none" stroke="#b5c4f7" stroke-width="1.5"/>`,
  );
  parts.push(floorShadow(cam, [0.15, 0, 0.1], 0.9, 0.8, 0.22, 4, '#1d3aa8'));
  const v = lathe(
    [
      [0, 0],
      [0.5, 0],
      [0.72, 0.6],
      [0.62, 1.3],
      [0.36, 1.9],
      [0.46, 2.35],
      [0.36, 2.35],
      [0, 2.0],
    ],
    9,
    (i) => (i >= 5 ? mat('#a53a12') : mat(C.orange, { spec: 0.3 })),
    { twist: 0.8 },
  );
  parts.push(renderMeshes([v], cam, ILLU_LIGHTS).replace('stroke-width="0.8"', 'stroke-width="0.6"'));
  const [bx0, by0] = screen(cam, [-0.95, 2.5, 0]);
  const [bx1, by1] = screen(cam, [0.95, -0.1, 0]);
  const L = 12;
  parts.push(
    `<path d="M${n1(bx0)} ${n1(by0 + L)}v${-L}h${L}M${n1(bx1 - L)} ${n1(by0)}h${L}v${L}M${n1(bx1)} ${n1(by1 - L)}v${L}h${-L}M${n1(bx0 + L)} ${n1(by1)}h${-L}v${-L}" fill="none" stroke="#2b50d8" stroke-width="2.5" stroke-linecap="round"/>`,
  );
  const O: V3 = [-1.55, 0, 1.05];
  const o = screen(cam, O);
  const ax = (d: V3, c: string) => {
    const e = screen(cam, add(O, d));
    return `<path d="M${n1(o[0])} ${n1(o[1])}L${n1(e[0])} ${n1(e[1])}" stroke="${c}" stroke-width="3" stroke-linecap="round"/><circle cx="${n1(e[0])}" cy="${n1(e[1])}" r="3.5" fill="${c}"/>`;
  };
  parts.push(ax([0.75, 0, -0.25], '#ff7a45') + ax([0, 0.8, 0], '#2b50d8') + ax([-0.5, 0, 0.55], '#6a8bff'));
  parts.push(sparkle(430, 96, 6, '#ff7a45', 1), sparkle(300, 92, 4, '#6a8bff', 1));
  return svgDoc(480, 320, parts.join(''), defs);
}

function customJobs(): string {
  const defs =
    `<clipPath id="av"><circle r="27"/></clipPath>` +
    `<path id="st" d="M0-5l1.5 3.2 3.5.4-2.6 2.4.7 3.5L0 2.8l-3.1 1.7.7-3.5-2.6-2.4 3.5-.4z" fill="#ffb020"/>` +
    SHADOW_FILTER;
  const parts: string[] = [];
  parts.push(
    `<circle cx="210" cy="166" r="140" fill="#eef2ff"/><circle cx="400" cy="90" r="46" fill="#fff3ec"/>`,
  );
  // Job board window.
  parts.push(
    `<rect x="34" y="46" width="286" height="238" rx="14" fill="#fff" filter="url(#sh)"/>` +
      `<path d="M34 60a14 14 0 0 1 14-14h258a14 14 0 0 1 14 14v12H34z" fill="#f3f5fb"/>` +
      `<circle cx="52" cy="59" r="4" fill="#ff7a45"/><circle cx="65" cy="59" r="4" fill="#ffc54d"/><circle cx="78" cy="59" r="4" fill="#6a8bff"/>` +
      `<rect x="206" y="54" width="98" height="10" rx="5" fill="#e4e9f5"/>`,
  );
  const rows: [number, Tones, number, boolean][] = [
    [86, TONES.orange, 118, true],
    [150, TONES.blue, 96, false],
    [214, TONES.light, 128, false],
  ];
  for (const [y, t, w, sel] of rows) {
    parts.push(
      `<rect x="48" y="${y}" width="258" height="54" rx="10" fill="${sel ? '#f5f7ff' : '#fafbfd'}" stroke="${sel ? '#2b50d8' : '#e7ebf4'}" stroke-width="${sel ? 2 : 1}"/>` +
        `<rect x="58" y="${y + 9}" width="36" height="36" rx="8" fill="#eef2ff"/>` +
        isoCube(76, y + 17, 14, t) +
        `<rect x="104" y="${y + 14}" width="${w}" height="9" rx="4.5" fill="#cfd6e6"/><rect x="104" y="${y + 31}" width="${w - 40}" height="7" rx="3.5" fill="#e4e8f1"/>` +
        `<rect x="246" y="${y + 16}" width="48" height="22" rx="11" fill="#fff1ea"/><rect x="257" y="${y + 24}" width="26" height="6" rx="3" fill="#ff7a45"/>`,
    );
  }
  // Designer cards.
  const card = (
    x: number,
    y: number,
    bg: string,
    skin: string,
    shirt: string,
    hair: string,
    long: boolean,
    thumbs: Tones[],
  ) =>
    `<g transform="translate(${x} ${y})"><rect width="150" height="128" rx="14" fill="#fff" filter="url(#sh)"/>` +
    avatar(34, 36, bg, skin, shirt, hair, long)
      .replace(' filter="url(#sh)"', '')
      .replace('<circle r="31" fill="#fff"/>', '') +
    `<rect x="70" y="22" width="62" height="9" rx="4.5" fill="#cfd6e6"/>` +
    range(5)
      .map((i) => `<use href="#st" x="${76 + i * 12}" y="44"/>`)
      .join('') +
    thumbs
      .map(
        (t, i) =>
          `<rect x="${14 + i * 42}" y="${74}" width="36" height="26" rx="6" fill="#f1f4fb"/>` +
          isoCube(32 + i * 42, 82, 11, t),
      )
      .join('') +
    `<rect x="14" y="108" width="122" height="12" rx="6" fill="#2b50d8"/><rect x="56" y="112" width="38" height="4" rx="2" fill="#fff" opacity=".85"/></g>`;
  parts.push(
    card(300, 50, '#ffe5d9', '#c98f6b', '#ff7a45', '#1f1a17', true, [TONES.blue, TONES.orange, TONES.white]),
  );
  parts.push(
    card(316, 178, '#dfe6ff', '#f1c7a6', '#1d3aa8', '#3b2a22', false, [
      TONES.light,
      TONES.navy,
      TONES.orange,
    ]),
  );
  parts.push(badge(448, 186, '#2b50d8', 'check'));
  parts.push(
    `<path d="M262 246l0 26 7-6 5 11 5-2-5-11 9-1z" fill="#1d3aa8" stroke="#fff" stroke-width="2" stroke-linejoin="round"/>`,
  );
  parts.push(sparkle(448, 40, 7, '#ff7a45', 1), sparkle(26, 120, 5, '#6a8bff', 1));
  return svgDoc(480, 320, parts.join(''), defs);
}

function valueModels(): string {
  const parts = [
    `<circle cx="48" cy="48" r="46" fill="#eef2ff"/>`,
    `<ellipse cx="48" cy="82" rx="34" ry="6" fill="#1d3aa8" opacity=".1"/>`,
    isoCube(48, 44, 22, TONES.navy),
    isoCube(48, 22, 22, TONES.orange),
    isoCube(29, 55, 22, TONES.blue),
    isoCube(67, 55, 22, TONES.light),
    sparkle(80, 22, 5, '#ff7a45', 1),
  ];
  return svgDoc(96, 96, parts.join(''));
}

function valuePrices(): string {
  const defs = `<linearGradient id="t" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6a8bff"/><stop offset="1" stop-color="#1d3aa8"/></linearGradient>`;
  const parts = [
    `<circle cx="48" cy="48" r="46" fill="#eef2ff"/>`,
    `<ellipse cx="50" cy="80" rx="26" ry="5" fill="#1d3aa8" opacity=".1"/>`,
    `<g transform="rotate(-40 48 48)">` +
      `<path d="M22 48l14-17h38a5 5 0 0 1 5 5v24a5 5 0 0 1-5 5H36z" fill="#1d3aa8" transform="translate(2 4)" opacity=".25"/>` +
      `<path d="M22 48l14-17h38a5 5 0 0 1 5 5v24a5 5 0 0 1-5 5H36z" fill="url(#t)"/>` +
      `<path d="M36 31h38a5 5 0 0 1 5 5v3H33z" fill="#fff" opacity=".18"/>` +
      `<circle cx="35" cy="48" r="4.5" fill="#eef2ff"/>` +
      `<g stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"><circle cx="52" cy="42" r="3.5"/><circle cx="66" cy="54" r="3.5"/><path d="M66 40L52 56"/></g></g>`,
    `<path d="M28 46c-8-6-12-16-6-24" fill="none" stroke="#ff7a45" stroke-width="2.5" stroke-linecap="round"/>`,
    `<circle cx="72" cy="72" r="11" fill="#ff7a45"/><circle cx="72" cy="72" r="7" fill="none" stroke="#ffd0bb" stroke-width="2"/>`,
    sparkle(76, 20, 5, '#ff7a45', 1),
  ];
  return svgDoc(96, 96, parts.join(''), defs);
}

function valueQuality(): string {
  const defs =
    `<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4a6ff0"/><stop offset="1" stop-color="#1d3aa8"/></linearGradient>` +
    `<radialGradient id="b" cx=".35" cy=".3" r=".75"><stop offset="0" stop-color="#ffe1d2"/><stop offset=".35" stop-color="#ff8c5c"/><stop offset=".8" stop-color="#d9541d"/><stop offset="1" stop-color="#8f300b"/></radialGradient>`;
  const parts = [
    `<circle cx="48" cy="48" r="46" fill="#eef2ff"/>`,
    `<ellipse cx="50" cy="82" rx="26" ry="5" fill="#1d3aa8" opacity=".1"/>`,
    `<path d="M42 14l24 9v18c0 17-10 29-24 35-14-6-24-18-24-35V23z" fill="url(#s)"/>`,
    `<path d="M42 14v62c-14-6-24-18-24-35V23z" fill="#fff" opacity=".12"/>`,
    `<path d="M32 44l7 7 13-14" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`,
    `<circle cx="67" cy="66" r="16" fill="url(#b)" stroke="#fff" stroke-width="3"/>`,
    `<ellipse cx="61" cy="59" rx="4.5" ry="3" fill="#fff" opacity=".85" transform="rotate(-35 61 59)"/>`,
    `<path d="M54 70c5 6 16 7 24 0" fill="none" stroke="#fff" stroke-width="1.5" opacity=".35"/>`,
    sparkle(78, 22, 5, '#ff7a45', 1),
  ];
  return svgDoc(96, 96, parts.join(''), defs);
}

// ───────────────────────────── logos ─────────────────────────────

/** Approximate Helvetica Bold advance widths (1/1000 em), used to size wordmarks. */
// prettier-ignore
const HELV_B: Record<string, number> = {
  ' ': 278, '&': 722, A: 722, B: 722, C: 722, D: 722, E: 667, F: 611, G: 778, H: 722, I: 278, J: 556, K: 722, L: 611,
  M: 833, N: 722, O: 778, P: 667, Q: 778, R: 722, S: 667, T: 611, U: 722, V: 667, W: 944, X: 667, Y: 667, Z: 611,
  a: 556, b: 611, c: 556, d: 611, e: 556, f: 333, g: 611, h: 611, i: 278, j: 278, k: 556, l: 278, m: 889, n: 611,
  o: 611, p: 611, q: 611, r: 389, s: 556, t: 333, u: 611, v: 556, w: 778, x: 556, y: 556, z: 500,
};
const textWidth = (t: string, size: number, spacing = 0) =>
  ([...t].reduce((s, ch) => s + (HELV_B[ch] ?? 600), 0) * size) / 1000 + spacing * (t.length - 1);

const FONT = 'font-family="system-ui, sans-serif"';
const esc = (t: string) => t.replace(/&/g, '&amp;');

/**
 * A text line sized to fit `maxW` (font-size capped at `size`) even in wide fallback fonts (DejaVu Sans is
 * ~20% wider than Helvetica), and pinned with textLength so browsers render it at a predictable width.
 */
function wordmark(
  t: string,
  x: number,
  y: number,
  size: number,
  maxW: number,
  o: { weight?: number; spacing?: number; fill?: string } = {},
) {
  let fs = size;
  while (textWidth(t, fs, o.spacing ?? 0) * 1.22 > maxW && fs > 6) fs -= 0.5;
  const w = textWidth(t, fs, o.spacing ?? 0);
  return `<text x="${x}" y="${y}" ${FONT} font-size="${fs}" font-weight="${o.weight ?? 700}"${o.spacing ? ` letter-spacing="${o.spacing}"` : ''}${o.fill ? ` fill="${o.fill}"` : ''} textLength="${n1(w)}" lengthAdjust="spacingAndGlyphs">${esc(t)}</text>`;
}

interface Brand {
  name: string;
  main: string;
  sub?: string;
  mark: string;
}

const BRANDS: Brand[] = [
  {
    name: 'Polyfacet',
    main: 'Polyfacet',
    mark: '<path d="M15 11l11 6.5v13L15 37 4 30.5v-13z" opacity=".35"/><path d="M15 11l11 6.5L15 24z"/><path d="M4 17.5L15 24v13L4 30.5z" opacity=".7"/><path d="M26 30.5L15 37V24z" opacity=".85"/>',
  },
  {
    name: 'Nordvik Studio',
    main: 'Nordvik',
    sub: 'STUDIO',
    mark: '<path d="M3 36l8-22 6 14 4-8 7 16z"/><path d="M11 14l3 7-3 2-3-2z" fill="#fff" opacity=".5"/>',
  },
  {
    name: 'Lumatic',
    main: 'Lumatic',
    mark: '<circle cx="15" cy="24" r="6"/><g stroke="#5b6270" stroke-width="2.6" stroke-linecap="round"><path d="M15 11v3M15 34v3M2 24h3M25 24h3M5.8 14.8l2.1 2.1M22.1 31.1l2.1 2.1M5.8 33.2l2.1-2.1M22.1 16.9l2.1-2.1"/></g>',
  },
  {
    name: 'Arcwell',
    main: 'Arcwell',
    mark: '<g fill="none" stroke="#5b6270" stroke-width="3" stroke-linecap="round"><path d="M3.5 36a11.5 11.5 0 0 1 23 0"/><path d="M9.5 36a5.5 5.5 0 0 1 11 0" opacity=".6"/></g><rect x="2" y="34.5" width="26" height="3" rx="1.5"/><circle cx="15" cy="16" r="2.2" opacity=".6"/>',
  },
  {
    name: 'Quadrant Games',
    main: 'Quadrant',
    sub: 'GAMES',
    mark: '<rect x="3" y="12" width="11" height="11" rx="2.5"/><rect x="16" y="12" width="11" height="11" rx="2.5" opacity=".55"/><rect x="3" y="25" width="11" height="11" rx="2.5" opacity=".55"/><path d="M18 26.5l8 4.5-8 4.5z"/>',
  },
  {
    name: 'Vertexa',
    main: 'Vertexa',
    mark: '<path d="M15 14L26 33H4z" fill="none" stroke="#5b6270" stroke-width="2.4" stroke-linejoin="round"/><path d="M15 14l-2 19" stroke="#5b6270" stroke-width="1.6" opacity=".6"/><circle cx="15" cy="14" r="3.4"/><circle cx="26" cy="33" r="3.4"/><circle cx="4" cy="33" r="3.4"/><circle cx="13" cy="33" r="2.4"/>',
  },
  {
    name: 'Helio Print',
    main: 'Helio',
    sub: 'PRINT',
    mark: '<rect x="3" y="32" width="24" height="3.5" rx="1.75"/><rect x="4.5" y="27" width="21" height="3.5" rx="1.75"/><rect x="7" y="22" width="16" height="3.5" rx="1.75" opacity=".8"/><rect x="10.5" y="17" width="9" height="3.5" rx="1.75" opacity=".6"/><circle cx="15" cy="12.5" r="2" opacity=".45"/>',
  },
  {
    name: 'Brickline',
    main: 'Brickline',
    mark: '<rect x="3" y="13" width="11" height="6" rx="1.5"/><rect x="16" y="13" width="11" height="6" rx="1.5" opacity=".6"/><rect x="3" y="21" width="5" height="6" rx="1.5" opacity=".6"/><rect x="10" y="21" width="11" height="6" rx="1.5"/><rect x="23" y="21" width="4" height="6" rx="1.5" opacity=".6"/><rect x="3" y="29" width="11" height="6" rx="1.5" opacity=".6"/><rect x="16" y="29" width="11" height="6" rx="1.5"/>',
  },
  {
    name: 'Orbit AR',
    main: 'Orbit AR',
    mark: '<circle cx="15" cy="24" r="7.5"/><ellipse cx="15" cy="24" rx="13" ry="5" fill="none" stroke="#5b6270" stroke-width="2" transform="rotate(-25 15 24)"/><circle cx="26.5" cy="18.5" r="2.4"/>',
  },
  {
    name: 'Kinetic Labs',
    main: 'Kinetic',
    sub: 'LABS',
    mark: '<g fill="none" stroke="#5b6270" stroke-width="3.4" stroke-linecap="round" stroke-linejoin="round"><path d="M4 15l8 9-8 9" opacity=".4"/><path d="M11 15l8 9-8 9" opacity=".7"/><path d="M18 15l8 9-8 9"/></g>',
  },
  {
    name: 'Marlow & Co',
    main: 'Marlow',
    sub: '& CO',
    mark: '<rect x="3" y="12" width="24" height="24" rx="6" fill="none" stroke="#5b6270" stroke-width="2.4"/><path d="M8.5 30.5v-13l6.5 8 6.5-8v13" fill="none" stroke="#5b6270" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>',
  },
];

function brandLogo(b: Brand): string {
  const x = 34;
  const text = b.sub
    ? wordmark(b.main, x, 25, 13, 64) + wordmark(b.sub, x + 0.5, 35, 7, 64, { weight: 600, spacing: 1.6 })
    : wordmark(b.main, x, 29, 13, 64);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="48" viewBox="0 0 100 48" fill="#5b6270">${b.mark}${text}</svg>`;
}

interface Client {
  company: string;
  svg: string;
}

function testimonialLogos(): Client[] {
  const doc = (defs: string, body: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="48" viewBox="0 0 160 48">${defs ? `<defs>${defs}</defs>` : ''}${body}</svg>`;
  const x = 50;
  return [
    {
      company: 'Fjordlight Games',
      svg: doc(
        `<linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b50d8"/><stop offset="1" stop-color="#0f1f5c"/></linearGradient><clipPath id="c"><rect x="4" y="6" width="36" height="36" rx="10"/></clipPath>`,
        `<g clip-path="url(#c)"><rect x="4" y="6" width="36" height="36" fill="url(#g)"/><circle cx="29" cy="16" r="4" fill="#ffc54d"/>` +
          `<path d="M4 33l10-13 7 9 5-6 14 15v4H4z" fill="#6a8bff"/><path d="M4 38l10-8 8 6 6-4 12 9v7H4z" fill="#fff" opacity=".92"/></g>` +
          wordmark('Fjordlight', x, 26, 18, 106, { fill: '#0f1f5c' }) +
          wordmark('GAMES', x + 0.5, 38, 8, 106, { weight: 600, spacing: 2.6, fill: '#2b50d8' }),
      ),
    },
    {
      company: 'Atelier Brun',
      svg: doc(
        '',
        `<path d="M6 42V20a16 16 0 0 1 32 0v22h-7V20a9 9 0 0 0-18 0v22z" fill="#9c5636"/><path d="M17 42V24a5 5 0 0 1 10 0v18z" fill="#e3b48f"/><rect x="4" y="40" width="36" height="3" rx="1.5" fill="#3b2a22"/>` +
          wordmark('ATELIER', x + 0.5, 21, 9, 100, { weight: 600, spacing: 3.2, fill: '#9c5636' }) +
          wordmark('Brun', x, 39, 20, 100, { weight: 800, fill: '#3b2a22' }),
      ),
    },
    {
      company: 'Casa Nova Living',
      svg: doc(
        '',
        `<path d="M9 22L22 11l13 11v16a2 2 0 0 1-2 2H11a2 2 0 0 1-2-2z" fill="#0e8f7e"/><path d="M18 40V30h8v10z" fill="#ffd9c4"/>` +
          `<g fill="none" stroke="#ff7a45" stroke-width="2.6" stroke-linecap="round"><path d="M3 14V7h7M34 7h7v7M41 36v7h-7M10 43H3v-7"/></g>` +
          wordmark('Casa Nova', x, 26, 18, 106, { fill: '#0b5f54' }) +
          wordmark('LIVING', x + 0.5, 38, 8, 106, { weight: 600, spacing: 2.8, fill: '#ff7a45' }),
      ),
    },
    {
      company: 'Kumo Industrial',
      svg: doc(
        '',
        `<path d="M12 34a8 8 0 0 1-1-15.9A11 11 0 0 1 32 16a9 9 0 0 1 1 18z" fill="#2a2f3d"/><path d="M11 27h22" stroke="#e8473b" stroke-width="3" stroke-linecap="round"/><circle cx="33" cy="27" r="3" fill="#e8473b"/>` +
          wordmark('KUMO', x, 27, 20, 106, { weight: 800, spacing: 2, fill: '#2a2f3d' }) +
          wordmark('INDUSTRIAL', x + 0.5, 38, 8, 106, { weight: 600, spacing: 2.4, fill: '#e8473b' }),
      ),
    },
  ];
}

// ───────────────────────────── raster output + checks ─────────────────────────────

interface CalmArea {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface RasterJob {
  file: string;
  svg: string;
  maxBytes: number;
  calm: CalmArea;
}

const lin = (v: number) => (v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4));

/** Worst-case WCAG contrast of white text over the calm area of the encoded image. */
async function whiteContrast(buf: Buffer, a: CalmArea): Promise<number> {
  const { data, info } = await sharp(buf).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let maxL = 0;
  for (let y = Math.round(a.y0 * info.height); y < Math.round(a.y1 * info.height); y++)
    for (let x = Math.round(a.x0 * info.width); x < Math.round(a.x1 * info.width); x++) {
      const o = (y * info.width + x) * info.channels;
      const L =
        0.2126 * lin(data[o]! / 255) + 0.7152 * lin(data[o + 1]! / 255) + 0.0722 * lin(data[o + 2]! / 255);
      if (L > maxL) maxL = L;
    }
  return 1.05 / (maxL + 0.05);
}

async function writeRaster(job: RasterJob): Promise<{ file: string; bytes: number; contrast: number }> {
  const buf = await sharp(Buffer.from(job.svg))
    .webp({ quality: 75, effort: 6, smartSubsample: true })
    .toBuffer();
  await writeFile(path.join(OUT_DIR, job.file), buf);
  const contrast = await whiteContrast(buf, job.calm);
  return { file: job.file, bytes: buf.length, contrast };
}

function heroJobs(): RasterJob[] {
  const desk = (
    w: number,
    h: number,
    s: number,
    cx: number,
    cy: number,
    maxKB: number,
    file: string,
  ): RasterJob => ({
    file,
    maxBytes: maxKB * 1024,
    calm: { x0: 0, y0: 0, x1: 0.55, y1: 1 },
    svg: heroScene({
      w,
      h,
      cam: { pitch: 0.42, s, cx, cy },
      dir: 'h',
      glow: { x: cx, y: cy - s * 1.2, r: s * 7 },
      floaters: true,
    }),
  });
  return [
    desk(1920, 560, 66, 1455, 352, 90, 'hero-desktop.webp'),
    desk(1600, 520, 60, 1215, 330, 75, 'hero-desktop-small.webp'),
    desk(1280, 520, 50, 1000, 330, 60, 'hero-tablet.webp'),
    {
      file: 'hero-mobile.webp',
      maxBytes: 45 * 1024,
      calm: { x0: 0, y0: 0, x1: 1, y1: 0.6 },
      svg: heroScene({
        w: 750,
        h: 640,
        cam: { pitch: 0.42, s: 52, cx: 385, cy: 575 },
        dir: 'v',
        glow: { x: 385, y: 560, r: 360 },
        floaters: false,
        calmBottom: 384,
      }),
    },
  ];
}

function promoJobs(): RasterJob[] {
  const job = (
    w: number,
    h: number,
    s: number,
    cx: number,
    cy: number,
    maxKB: number,
    file: string,
    compact: boolean,
  ): RasterJob => ({
    file,
    maxBytes: maxKB * 1024,
    calm: { x0: 0, y0: 0, x1: 0.5, y1: 1 },
    svg: promoScene({
      w,
      h,
      cam: { pitch: 0.3, s, cx, cy },
      glow: { x: cx + s * 2.6, y: cy, r: s * 6 },
      compact,
    }),
  });
  return [
    job(1600, 280, 72, 1005, 140, 50, 'promo-desktop.webp', false),
    job(1200, 280, 58, 775, 140, 40, 'promo-tablet.webp', false),
    job(750, 360, 42, 485, 190, 35, 'promo-mobile.webp', true),
  ];
}

// ───────────────────────────── main ─────────────────────────────

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  const rows: { file: string; bytes: number; max: number; note: string }[] = [];
  const problems: string[] = [];
  for (const job of [...heroJobs(), ...promoJobs()]) {
    const r = await writeRaster(job);
    rows.push({
      file: r.file,
      bytes: r.bytes,
      max: job.maxBytes,
      note: `white-text contrast ≥ ${r.contrast.toFixed(2)}`,
    });
    if (r.contrast < 4.5) problems.push(`${r.file}: calm area contrast ${r.contrast.toFixed(2)} < 4.5`);
  }
  const svgs: [string, string, number][] = [
    ['business-team.svg', businessTeam(), 8 * 1024],
    ['custom-creation.svg', customCreation(), 8 * 1024],
    ['custom-jobs.svg', customJobs(), 8 * 1024],
    ['value-models.svg', valueModels(), 3 * 1024],
    ['value-prices.svg', valuePrices(), 3 * 1024],
    ['value-quality.svg', valueQuality(), 3 * 1024],
  ];
  const brands = BRANDS.map((b, i) => ({
    file: `brand-${String(i + 1).padStart(2, '0')}.svg`,
    name: b.name,
  }));
  BRANDS.forEach((b, i) => svgs.push([brands[i]!.file, brandLogo(b), 3 * 1024]));
  const clients = testimonialLogos();
  const testimonials = clients.map((c, i) => ({
    file: `testimonial-${String(i + 1).padStart(2, '0')}.svg`,
    company: c.company,
  }));
  clients.forEach((c, i) => svgs.push([testimonials[i]!.file, c.svg, 4 * 1024]));
  for (const [file, content, max] of svgs) {
    await writeFile(path.join(OUT_DIR, file), content);
    rows.push({ file, bytes: Buffer.byteLength(content), max, note: '' });
  }
  for (const [file, data] of [
    ['brands.json', brands],
    ['testimonials.json', testimonials],
  ] as const) {
    const json = JSON.stringify(data, null, 2) + '\n';
    await writeFile(path.join(OUT_DIR, file), json);
    rows.push({ file, bytes: Buffer.byteLength(json), max: Infinity, note: '' });
  }
  for (const r of rows) if (r.bytes > r.max) problems.push(`${r.file}: ${r.bytes} bytes > ${r.max}`);
  const w = Math.max(...rows.map((r) => r.file.length));
  console.log(`${'file'.padEnd(w)}  ${'bytes'.padStart(7)}  ${'limit'.padStart(7)}  note`);
  for (const r of rows)
    console.log(
      `${r.file.padEnd(w)}  ${String(r.bytes).padStart(7)}  ${(Number.isFinite(r.max) ? String(r.max) : '-').padStart(7)}  ${r.note}`,
    );
  if (problems.length) throw new Error(problems.join('\n'));
}

await main();
