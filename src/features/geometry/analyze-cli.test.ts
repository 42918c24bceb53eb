import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { testMeshPath } from '../../../tests/fixtures/test-meshes';

const root = path.resolve(import.meta.dirname, '../../..');
const mesh = testMeshPath;
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/features/geometry/analyze-cli.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
  });

describe('npm run mesh:analyze', () => {
  it('prints the figures as JSON in millimetres from the declared unit', () => {
    const result = run(mesh('unit_cube.STL'), '--unit', 'cm', '--json');
    expect(result.status).toBe(0);
    const figures = JSON.parse(result.stdout);
    expect(figures).toMatchObject({
      unit: 'cm',
      triangles: 12,
      vertices: 8,
      watertight: true,
      components: 1,
    });
    expect(figures.volumeMm3).toBeCloseTo(1000, 6);
    expect(figures.boundingBox.size).toEqual([10, 10, 10]);
  });

  it('gives the printability report in its JSON, at the overhang angle asked for', () => {
    const result = run(mesh('7_8ths_cube.stl'), '--json', '--overhang-angle', '30');
    expect(result.status).toBe(0);
    const { overhangs, printability } = JSON.parse(result.stdout);
    expect(overhangs.thresholdDeg).toBe(30);
    expect(printability.overhangs.recommended).toMatchObject({
      orientation: 'as_uploaded',
      supportAreaMm2: 0,
    });
    expect(printability.fits.length).toBeGreaterThanOrEqual(12);
    expect(printability.fits.every((f: { fit: string }) => f.fit === 'recommended')).toBe(true);
    expect(printability.walls).toMatchObject({ smallestFeatureMm: null, fdm: 'pass', resin: 'pass' });
    const bad = run(mesh('7_8ths_cube.stl'), '--overhang-angle', '91');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/--overhang-angle must be a number of degrees from 0 to 90/);
  });

  it('reads as text by default, and gives a one-line reason and status 1 for a bad file', () => {
    const text = run(mesh('teapot.stl'));
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/watertight\s+no \(64 boundary edges\)/);
    expect(text.stdout).toMatch(/self-intersections\s+46 triangle pairs/);
    expect(text.stdout).toMatch(
      /thin walls\s+9\.\d\d mm² under 0\.2 mm \(0\.2 % of the surface, 20,000 samples\)/,
    );
    const bad = run('model.fbx');
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim().split('\n')).toEqual([
      'Error: .fbx: not a mesh format that is read (.stl, .obj, .glb, .gltf, .3mf)',
    ]);
    const duck = JSON.parse(run(mesh('Duck.glb'), '--json').stdout);
    expect(duck).toMatchObject({ triangles: 4212, selfIntersections: { pairs: expect.any(Number) } });
    expect(JSON.parse(run(mesh('box.obj'), '--json').stdout)).toMatchObject({ triangles: 12, volumeMm3: 8 });
    expect(run('missing.stl').stderr.trim()).toBe('Error: no such file: missing.stl');
    expect(run(mesh('unit_cube.STL'), '--unit', 'ft').stderr.trim()).toBe(
      'Error: --unit must be one of mm, cm, in, m',
    );
  });

  it('reports a lone zero-area triangle as degenerate and not watertight in its JSON', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mesh-cli-')), 'sliver.obj');
    fs.writeFileSync(file, 'v 0 0 0\nv 1 0 0\nv 1 0 0\nf 1 2 3\n');
    const figures = JSON.parse(run(file, '--json').stdout);
    expect(figures).toMatchObject({
      triangles: 1,
      degenerateFaces: 1,
      watertight: false,
      manifold: false,
      volumeReliable: false,
    });
    expect(run(file).stdout).toMatch(/degenerate faces\s+1\n/);
    fs.rmSync(path.dirname(file), { recursive: true });
  });
});
