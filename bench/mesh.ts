/**
 * Mesh analysis speed and memory (issue 5: binary STL parse + volume + bounding box + topology at
 * ≥ 2,000,000 triangles a second on one core; self-intersections and thin walls on 1,000,000 triangles
 * in ≤ 10 s; peak memory ≤ 200 bytes a triangle). Writes a closed torus as binary STL, then analyses it
 * in a child process: 5 timed runs (median and best), and the child's peak resident memory above what
 * it held before reading the file. A second child runs the whole pipeline on a torus of at most
 * 1,000,000 triangles (figures, BVH, self-intersections, thin walls) for its peak memory, then times
 * the BVH build and the two checks 5 times.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A torus of `2 × rings × segments` triangles, consistently oriented and closed. */
function torusStl(triangles: number): Uint8Array {
  const rings = Math.max(3, Math.round(Math.sqrt(triangles / 2)));
  const segments = Math.max(3, Math.round(triangles / 2 / rings));
  const count = 2 * rings * segments;
  const bytes = new Uint8Array(84 + 50 * count);
  const view = new DataView(bytes.buffer);
  view.setUint32(80, count, true);
  const point = (i: number, j: number) => {
    const u = ((i % rings) / rings) * 2 * Math.PI;
    const v = ((j % segments) / segments) * 2 * Math.PI;
    return [(30 + 10 * Math.cos(v)) * Math.cos(u), (30 + 10 * Math.cos(v)) * Math.sin(u), 10 * Math.sin(v)];
  };
  let t = 0;
  const put = (...corners: number[][]) => {
    const at = 84 + t++ * 50 + 12;
    corners.flat().forEach((x, k) => view.setFloat32(at + k * 4, x, true));
  };
  for (let i = 0; i < rings; i++)
    for (let j = 0; j < segments; j++) {
      put(point(i, j), point(i + 1, j), point(i + 1, j + 1));
      put(point(i, j), point(i + 1, j + 1), point(i, j + 1));
    }
  return bytes;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function runChild(root: string, mode: 'figures' | 'checks', file: string): unknown {
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', path.join(root, 'bench/mesh-child.ts'), mode, file],
    { cwd: root, encoding: 'utf8' },
  );
  if (child.status !== 0) throw new Error(`mesh ${mode} failed:\n${child.stderr}`);
  return JSON.parse(child.stdout);
}

function torusFile(triangles: number): string {
  const file = path.join(os.tmpdir(), `bench-mesh-${triangles}.stl`);
  if (!fs.existsSync(file)) fs.writeFileSync(file, torusStl(triangles));
  return file;
}

/**
 * `triangles` for the figures; the BVH checks (self-intersections and thin walls, issue 5: ≤ 10 s at
 * 1,000,000 triangles) run on a torus of at most 1,000,000.
 */
export function runMeshBenchmark(root: string, triangles: number) {
  const measured = runChild(root, 'figures', torusFile(triangles)) as {
    triangles: number;
    runsMs: number[];
    peakBytesAboveStart: number;
    watertight: boolean;
  };
  const sorted = [...measured.runsMs].sort((a, b) => a - b);
  const medianMs = sorted[Math.floor(sorted.length / 2)]!;
  const perSecond = Math.round(measured.triangles / (medianMs / 1000));
  const bytesPerTriangle = Math.round(measured.peakBytesAboveStart / measured.triangles);

  const checked = runChild(root, 'checks', torusFile(Math.min(triangles, 1_000_000))) as {
    triangles: number;
    runsMs: number[][];
    peakBytesAboveStart: number;
    bvhBytes: number;
    pairs: number;
    thinShare: number;
    samples: number;
  };
  const part = (k: number) => median(checked.runsMs.map((run) => run[k]!));
  const checks = {
    triangles: checked.triangles,
    runsMs: checked.runsMs.map((run) => run[3]!),
    medianMs: part(3),
    medianBvhBuildMs: part(0),
    medianSelfIntersectionsMs: part(1),
    medianThinWallsMs: part(2),
    bytesPerTriangle: Math.round(checked.peakBytesAboveStart / checked.triangles),
    bvhBytesPerTriangle: Math.round(checked.bvhBytes / checked.triangles),
    pairs: checked.pairs,
    thinShare: checked.thinShare,
    samples: checked.samples,
  };
  // The torus neither crosses itself nor has walls under 0.2 mm (its tube is 20 mm thick).
  const checksWrong = checks.pairs !== 0 || checks.thinShare !== 0;
  const checksFailed = checks.medianMs > 10_000 || checks.bytesPerTriangle > 200 || checksWrong;
  const count = (n: number) => n.toLocaleString('en-US');
  const lines = [
    `${perSecond >= 2_000_000 ? 'PASS' : 'FAIL'}  binary STL parse + figures: ${count(perSecond)} triangles/s (median of ${sorted.length}; best ${count(Math.round(measured.triangles / (sorted[0]! / 1000)))}) (target ≥ 2,000,000)`,
    `${bytesPerTriangle <= 200 ? 'PASS' : 'FAIL'}  peak memory: ${bytesPerTriangle} bytes/triangle, file bytes included (target ≤ 200)`,
    `${checks.medianMs <= 10_000 ? 'PASS' : 'FAIL'}  self-intersections + thin walls at ${count(checks.triangles)} triangles: ${count(checks.medianMs)} ms (median of ${checks.runsMs.length}: BVH ${checks.medianBvhBuildMs} + self-intersections ${checks.medianSelfIntersectionsMs} + thin walls ${checks.medianThinWallsMs} ms, ${count(checks.samples)} samples) (target ≤ 10,000)`,
    `${checks.bytesPerTriangle <= 200 ? 'PASS' : 'FAIL'}  peak memory, parse + figures + BVH + both checks: ${checks.bytesPerTriangle} bytes/triangle, file bytes included; the BVH keeps ${checks.bvhBytesPerTriangle} (target ≤ 200)`,
    ...(checksWrong
      ? [`FAIL  the torus reported ${checks.pairs} crossing pairs and a thin share of ${checks.thinShare}`]
      : []),
  ];
  return {
    result: {
      triangles: measured.triangles,
      runsMs: measured.runsMs,
      medianMs,
      perSecond,
      bytesPerTriangle,
      checks,
    },
    lines,
    failed: perSecond < 2_000_000 || bytesPerTriangle > 200 || !measured.watertight || checksFailed,
  };
}
