/**
 * Renders a mesh's preview picture (src/features/geometry/preview.ts) so a human can look at it.
 *
 *   node --import tsx scripts/render-preview.ts IN.stl|IN.obj OUT.png [--up y] [--size 960x720]
 *   node --import tsx scripts/render-preview.ts torus:1000000 OUT.png     (a generated torus, timed)
 *
 * Prints the triangle count and the time taken by the renderer and by the PNG encoder.
 */
import { readFileSync, writeFileSync } from 'node:fs';

import { type TriangleMesh } from '../src/features/geometry/mesh';
import { parseObj } from '../src/features/geometry/obj';
import { encodePreviewPng, renderMeshPreview } from '../src/features/geometry/preview';
import { parseStl } from '../src/features/geometry/stl';

/** A torus lying on the ground (Z up) with about `triangles` triangles; major radius 1, minor 0.35. */
export function generateTorus(triangles: number): TriangleMesh {
  const ring = Math.max(3, Math.round(Math.sqrt(triangles / 2) * 1.6));
  const tube = Math.max(3, Math.round(triangles / 2 / ring));
  const positions = new Float32Array(ring * tube * 18);
  const point = (i: number, j: number, at: number) => {
    const a = (2 * Math.PI * i) / ring;
    const b = (2 * Math.PI * j) / tube;
    const r = 1 + 0.35 * Math.cos(b);
    positions[at] = r * Math.cos(a);
    positions[at + 1] = r * Math.sin(a);
    positions[at + 2] = 0.35 * Math.sin(b);
  };
  let at = 0;
  for (let i = 0; i < ring; i++)
    for (let j = 0; j < tube; j++) {
      for (const [di, dj] of [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
        [1, 1],
        [0, 1],
      ] as const) {
        point(i + di, j + dj, at);
        at += 3;
      }
    }
  return { positions };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = (name: string) => {
    const k = args.indexOf(name);
    if (k < 0) return undefined;
    const value = args[k + 1];
    args.splice(k, 2);
    return value;
  };
  const up = flag('--up') === 'y' ? 'y' : 'z';
  const size = flag('--size');
  const [input, output] = args;
  if (!input || !output) {
    console.error(
      'usage: node --import tsx scripts/render-preview.ts IN.stl|IN.obj|torus:N OUT.png [--up y] [--size WxH]',
    );
    process.exit(2);
  }
  const [width, height] = size ? size.split('x').map(Number) : [undefined, undefined];

  let mesh: TriangleMesh;
  const torus = /^torus:(\d+)$/.exec(input);
  if (torus) mesh = generateTorus(Number(torus[1]));
  else {
    const bytes = new Uint8Array(readFileSync(input));
    mesh = /\.obj$/i.test(input) ? parseObj(bytes) : parseStl(bytes);
  }

  const started = performance.now();
  const render = renderMeshPreview(mesh, { width, height, up });
  const rendered = performance.now();
  const png = await encodePreviewPng(render);
  const encoded = performance.now();
  writeFileSync(output, png);
  console.log(
    `${input}: ${(mesh.positions.length / 9).toLocaleString('en')} triangles, ${render.width}×${render.height}; ` +
      `render ${(rendered - started).toFixed(0)} ms, PNG ${(encoded - rendered).toFixed(0)} ms → ${output}`,
  );
}

await main();
