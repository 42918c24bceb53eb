import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import { afterAll, describe, expect, it } from 'vitest';

import { box } from '@/seed/procedural/primitives';

import { readFile } from 'node:fs/promises';

import { arFormatOf, arKey, arUrls, maxArTriangles } from '../ar-files';
import { ensureArModel, indexedMeshOfViewerCopy } from './ar-models';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-models-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** The viewer's copy of a mesh: its triangles' corners as Float32 millimetres, one after the other. */
function viewerCopy(mesh: { positions: ArrayLike<number>; triangles: Uint32Array }): Float32Array {
  const corners = new Float32Array(mesh.triangles.length * 3);
  mesh.triangles.forEach((vertex, corner) => {
    for (let k = 0; k < 3; k++) corners[corner * 3 + k] = mesh.positions[vertex * 3 + k]!;
  });
  return corners;
}

const cube = box(-10, -5, 0, 10, 5, 40);

describe('AR files (decision 0060)', () => {
  it('are named after their viewer copy, and nothing else is taken for one', () => {
    expect(arKey('viewer/f12-3fa9.bin', 'glb')).toBe('ar/f12-3fa9.glb');
    expect(arKey('viewer/demo-vase-1.bin.gz', 'usdz')).toBe('ar/demo-vase-1.usdz');
    expect(arUrls('/files/viewer/f12-3fa9.bin')).toEqual({
      glb: '/files/ar/f12-3fa9.glb',
      usdz: '/files/ar/f12-3fa9.usdz',
    });
    expect(
      ['ar/f1.glb', 'ar/f1.usdz', 'ar/f1.obj', 'ar/../f1.glb', 'viewer/f1.glb', 'ar/a/b.glb'].map(arFormatOf),
    ).toEqual(['glb', 'usdz', null, null, null, null]);
  });

  it('weld the viewer copy’s corners back into shared vertices', () => {
    const mesh = indexedMeshOfViewerCopy(viewerCopy(cube));
    expect(mesh.positions.length / 3).toBe(8);
    expect(mesh.triangles.length).toBe(36);
    // Every triangle still has the corners it had, in the same order (so the same winding).
    const again = viewerCopy(mesh);
    expect(again).toEqual(viewerCopy(cube));
  });

  it('are written from a plain or compressed viewer copy on first use, then read', async () => {
    const corners = viewerCopy(cube);
    fs.mkdirSync(path.join(root, 'viewer'), { recursive: true });
    fs.writeFileSync(path.join(root, 'viewer/f7-aa.bin'), Buffer.from(corners.buffer));
    fs.writeFileSync(path.join(root, 'viewer/demo-cube.bin.gz'), gzipSync(Buffer.from(corners.buffer)));

    expect(await ensureArModel('ar/f7-aa.glb', root)).toBe(true);
    const glb = await readFile(path.join(root, 'ar/f7-aa.glb'));
    expect(glb.readUInt32LE(0)).toBe(0x46546c67); // "glTF"
    expect(await ensureArModel('ar/demo-cube.usdz', root)).toBe(true);
    const usdz = await readFile(path.join(root, 'ar/demo-cube.usdz'));
    expect(usdz.readUInt32LE(0)).toBe(0x04034b50); // a ZIP's first entry
    expect(usdz.toString('latin1')).toContain('faceVertexCounts');

    // Once written it is kept: a second call reads nothing new.
    const written = fs.statSync(path.join(root, 'ar/f7-aa.glb')).mtimeMs;
    expect(await ensureArModel('ar/f7-aa.glb', root)).toBe(true);
    expect(fs.statSync(path.join(root, 'ar/f7-aa.glb')).mtimeMs).toBe(written);

    // No viewer copy of that name, or not an AR name: nothing is written.
    expect(await ensureArModel('ar/f8-bb.glb', root)).toBe(false);
    expect(await ensureArModel('ar/f7-aa.stl', root)).toBe(false);
    expect(fs.readdirSync(path.join(root, 'ar')).sort()).toEqual(['demo-cube.usdz', 'f7-aa.glb']);
  });

  it('leave one file for requests at the same time, and none for a mesh too large for a phone', async () => {
    const corners = viewerCopy(cube);
    fs.writeFileSync(path.join(root, 'viewer/f9-cc.bin'), Buffer.from(corners.buffer));
    const answers = await Promise.all([1, 2, 3].map(() => ensureArModel('ar/f9-cc.usdz', root)));
    expect(answers).toEqual([true, true, true]);
    expect(fs.readdirSync(path.join(root, 'ar')).filter((name) => name.startsWith('f9-cc'))).toEqual([
      'f9-cc.usdz',
    ]);

    fs.writeFileSync(path.join(root, 'viewer/f10-dd.bin'), Buffer.alloc((maxArTriangles + 1) * 36));
    expect(await ensureArModel('ar/f10-dd.glb', root)).toBe(false);
    expect(fs.existsSync(path.join(root, 'ar/f10-dd.glb'))).toBe(false);
  });
});
