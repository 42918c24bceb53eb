import { spawnSync } from 'node:child_process';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { testMeshPath } from '../../../tests/fixtures/test-meshes';

const root = path.resolve(import.meta.dirname, '../../..');
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/features/geometry/analyze-cli.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
  });

describe('npm run mesh:analyze: the print estimate (decision 0056)', () => {
  it('gives the sliced quantities and each material at the default settings, as JSON and as text', () => {
    const json = run(testMeshPath('7_8ths_cube.stl'), '--json');
    expect(json.status).toBe(0);
    const figures = JSON.parse(json.stdout);
    expect(figures.printQuantities).toMatchObject({ orientation: 'as_uploaded', heightMm: 40 });
    expect(figures.printQuantities.volumeMm3).toBeCloseTo(56_000, -2);
    expect(figures.printEstimate.materials.pla).toEqual({ densityGPerCm3: 1.24, priceCentsPerKg: 2000 });
    const [pla, , , resin] = figures.printEstimate.estimates;
    expect(pla).toMatchObject({
      material: 'pla',
      layerHeightMm: 0.2,
      infillPercent: 15,
      walls: 2,
      layers: 200,
    });
    expect(resin).toMatchObject({ material: 'resin', layers: 800, filamentLengthMm: null });
    expect(resin.massG).toBeCloseTo(56 * 1.1, 0);

    const text = run(testMeshPath('7_8ths_cube.stl'));
    expect(text.stdout).toMatch(/print estimate\s+pla \d+\.\d g, \$0\.\d\d, /);
  });
});
