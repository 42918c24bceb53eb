/** The measured side of bench/mesh.ts: analyses one STL file and prints timings and peak memory. */
import fs from 'node:fs';

import { analyzeMesh } from '../src/features/geometry/analyze';
import { parseStl } from '../src/features/geometry/stl';

const file = process.argv[2]!;
const gc = (globalThis as { gc?: () => void }).gc!;
gc();
const startRss = process.memoryUsage().rss;
const bytes = new Uint8Array(fs.readFileSync(file));
let figures = analyzeMesh(parseStl(bytes));
const peak = Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;
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
