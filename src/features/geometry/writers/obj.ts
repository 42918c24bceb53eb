/**
 * Wavefront OBJ: a comment header (units and axes: OBJ itself records neither, and the marketplace
 * reads OBJ as millimetres with +Z up, as it does STL), `o <name>`, one `v` line per shared vertex and
 * one `f` line per triangle (1-based, counter-clockwise from outside). Coordinates are rounded to
 * 0.1 µm (`formatMillimetres`); since vertices are shared, the rounding cannot open a seam.
 */
import { assertWritable, formatMillimetres, oneLineName, type IndexedMesh } from './indexed-mesh';

export function writeObj(mesh: IndexedMesh, name: string): Uint8Array<ArrayBuffer> {
  assertWritable(mesh, 'OBJ');
  const { positions: p, triangles: t } = mesh;
  const title = oneLineName(name);
  const lines = [
    `# ${title}`,
    '# Written by Meshbay. Units: millimetres. Up axis: +Z.',
    `# ${p.length / 3} vertices, ${t.length / 3} triangles`,
    `o ${title}`,
  ];
  for (let i = 0; i < p.length; i += 3)
    lines.push(
      `v ${formatMillimetres(p[i]!)} ${formatMillimetres(p[i + 1]!)} ${formatMillimetres(p[i + 2]!)}`,
    );
  for (let i = 0; i < t.length; i += 3) lines.push(`f ${t[i]! + 1} ${t[i + 1]! + 1} ${t[i + 2]! + 1}`);
  lines.push('');
  return new TextEncoder().encode(lines.join('\n'));
}
