/**
 * The measured side of bench/mesh.ts: analyses one STL file and prints timings and peak memory.
 *   figures FILE  parseStl + analyzeMesh, 5 timed runs
 *   checks FILE   the whole pipeline once (parse, figures, BVH, self-intersections, thin walls) for the
 *                 peak memory, then the two BVH checks (BVH build included) 5 times, timed
 */
import fs from 'node:fs';

import { analyzeMesh } from '../src/features/geometry/analyze';
import { buildBvh } from '../src/features/geometry/bvh';
import type { TriangleMesh } from '../src/features/geometry/mesh';
import { countSelfIntersections } from '../src/features/geometry/self-intersections';
import { parseStl } from '../src/features/geometry/stl';
import { measureThinWalls } from '../src/features/geometry/thin-walls';

const [mode, file] = process.argv.slice(2) as ['figures' | 'checks', string];
const gc = (globalThis as { gc?: () => void }).gc!;
const peakRss = () =>
  Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;
gc();
const startRss = process.memoryUsage().rss;
const bytes = new Uint8Array(fs.readFileSync(file));

if (mode === 'figures') {
  let figures = analyzeMesh(parseStl(bytes));
  const peak = peakRss();
  const runsMs: number[] = [];
  for (let run = 0; run < 5; run++) {
    gc();
    const started = performance.now();
    figures = analyzeMesh(parseStl(bytes));
    runsMs.push(Math.round(performance.now() - started));
  }
  console.log(
    JSON.stringify({
      triangles: figures.triangles,
      runsMs,
      peakBytesAboveStart: peak - startRss,
      watertight: figures.watertight,
    }),
  );
} else {
  const checks = (mesh: TriangleMesh) => {
    const started = performance.now();
    const bvh = buildBvh(mesh);
    const built = performance.now();
    const intersections = countSelfIntersections(mesh, { bvh });
    const counted = performance.now();
    const thinWalls = measureThinWalls(mesh, { bvh });
    const done = performance.now();
    const bvhBytes =
      bvh.positions.byteLength + bvh.order.byteLength + bvh.boxes.byteLength + bvh.nodes.byteLength;
    return {
      ms: [built - started, counted - built, done - counted, done - started].map(Math.round),
      intersections,
      thinWalls,
      bvhBytes,
    };
  };
  // As a worker would run it, no collection forced between the steps.
  const mesh = parseStl(bytes);
  const figures = analyzeMesh(mesh);
  const first = checks(mesh);
  const peak = peakRss();
  const runs: number[][] = [];
  for (let run = 0; run < 5; run++) {
    gc();
    runs.push(checks(mesh).ms);
  }
  console.log(
    JSON.stringify({
      triangles: figures.triangles,
      // [BVH build, self-intersections, thin walls, total] per run.
      runsMs: runs,
      peakBytesAboveStart: peak - startRss,
      bvhBytes: first.bvhBytes,
      pairs: first.intersections.pairs,
      thinShare: first.thinWalls.share,
      samples: first.thinWalls.samples,
    }),
  );
}
