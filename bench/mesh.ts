/**
 * Mesh analysis speed and memory (issue 5: binary STL parse + volume + bounding box + topology at
 * ≥ 2,000,000 triangles a second on one core; peak memory ≤ 200 bytes a triangle). Writes a closed
 * torus as binary STL, then analyses it in a child process: 5 timed runs (median and best), and the
 * child's peak resident memory above what it held before reading the file.
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

export function runMeshBenchmark(root: string, triangles: number) {
  const file = path.join(os.tmpdir(), `bench-mesh-${triangles}.stl`);
  if (!fs.existsSync(file)) fs.writeFileSync(file, torusStl(triangles));
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', path.join(root, 'bench/mesh-child.ts'), file],
    { cwd: root, encoding: 'utf8' },
  );
  if (child.status !== 0) throw new Error(`mesh analysis failed:\n${child.stderr}`);
  const measured = JSON.parse(child.stdout) as {
    triangles: number;
    runsMs: number[];
    peakBytesAboveStart: number;
    watertight: boolean;
  };
  const sorted = [...measured.runsMs].sort((a, b) => a - b);
  const medianMs = sorted[Math.floor(sorted.length / 2)]!;
  const perSecond = Math.round(measured.triangles / (medianMs / 1000));
  const bytesPerTriangle = Math.round(measured.peakBytesAboveStart / measured.triangles);
  const lines = [
    `${perSecond >= 2_000_000 ? 'PASS' : 'FAIL'}  binary STL parse + figures: ${perSecond.toLocaleString('en-US')} triangles/s (median of ${sorted.length}; best ${Math.round(measured.triangles / (sorted[0]! / 1000)).toLocaleString('en-US')}) (target ≥ 2,000,000)`,
    `${bytesPerTriangle <= 200 ? 'PASS' : 'FAIL'}  peak memory: ${bytesPerTriangle} bytes/triangle, file bytes included (target ≤ 200)`,
  ];
  return {
    result: { triangles: measured.triangles, runsMs: measured.runsMs, medianMs, perSecond, bytesPerTriangle },
    lines,
    failed: perSecond < 2_000_000 || bytesPerTriangle > 200 || !measured.watertight,
  };
}
