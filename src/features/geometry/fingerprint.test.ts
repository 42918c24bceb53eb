import fs from 'node:fs';

import { describe, expect, it } from 'vitest';

import {
  disguised,
  mirrored,
  moved,
  remeshed,
  rotated,
  scaled,
  seededRandom,
  vaseFamily,
} from '../../../tests/fixtures/mesh-transforms';
import { testMeshDir } from '../../../tests/fixtures/test-meshes';
import {
  fingerprintDistance,
  fingerprintLength,
  meshFingerprint,
  sameShapeDistance,
  similarityPercent,
  symmetricEigenvalues,
} from './fingerprint';
import { parseMeshFile } from './parse';

const meshFiles = fs.readdirSync(testMeshDir).filter((file) => /\.(stl|obj|glb)$/i.test(file));
const shared = meshFiles.map((file) => ({
  file,
  mesh: parseMeshFile(new Uint8Array(fs.readFileSync(`${testMeshDir}/${file}`)), file).mesh,
}));
const prints = new Map(shared.map(({ file, mesh }) => [file, meshFingerprint(mesh)]));

/** Files of the shared set that are one shape: plain cubes of several sizes and formats. */
const plainCubes = new Set(['BoxTextured.glb', 'box.obj', 'cube.glb', 'unit_cube.STL']);

describe('meshFingerprint', () => {
  it('is a fixed-length vector of finite numbers, the same on every run', () => {
    const [first] = shared;
    const print = meshFingerprint(first!.mesh);
    expect(print).toHaveLength(fingerprintLength);
    expect([...print].every(Number.isFinite)).toBe(true);
    expect(meshFingerprint(first!.mesh)).toEqual(print);
  });

  it('finds the eigenvalues of a symmetric matrix', () => {
    expect(symmetricEigenvalues(2, 3, 1, 0, 0, 0)).toEqual([3, 2, 1]);
    const [a, b, c] = symmetricEigenvalues(2, 2, 3, 1, 0, 0);
    // A double eigenvalue: the closed form keeps about 8 digits there, plenty for a ratio.
    [3, 3, 1].forEach((expected, k) => expect([a, b, c][k]).toBeCloseTo(expected, 6));
  });

  it('does not change when a mesh is moved, turned, scaled, re-meshed or mirrored, one at a time', () => {
    const torus = shared.find((s) => s.file === 'torus.STL')!.mesh;
    const original = prints.get('torus.STL')!;
    const random = seededRandom(1);
    for (const copy of [
      moved(torus, [120, -40, 3]),
      rotated(torus, random),
      scaled(torus, 2.54),
      remeshed(torus),
      mirrored(torus),
    ])
      expect(fingerprintDistance(original, meshFingerprint(copy))).toBeLessThan(0.01);
  });

  it('finds every shared mesh moved, turned at random, scaled ×2.54, re-meshed and mirrored', () => {
    const distances = shared.map(({ file, mesh }, k) => ({
      file,
      distance: fingerprintDistance(prints.get(file)!, meshFingerprint(disguised(mesh, 100 + k))),
    }));
    for (const { file, distance } of distances)
      expect({ file, found: distance <= sameShapeDistance }).toEqual({ file, found: true });
    // The figures recorded in decision 0057.
    expect(Math.max(...distances.map((d) => d.distance))).toBeLessThan(0.03);
  });

  it('confuses no two different shapes of the shared set (the plain cubes are one shape)', () => {
    const confused: string[] = [];
    let pairs = 0;
    for (let i = 0; i < shared.length; i++)
      for (let j = i + 1; j < shared.length; j++) {
        const [a, b] = [shared[i]!.file, shared[j]!.file];
        const same = fingerprintDistance(prints.get(a)!, prints.get(b)!) <= sameShapeDistance;
        if (plainCubes.has(a) && plainCubes.has(b)) {
          expect(same).toBe(true);
          continue;
        }
        pairs++;
        if (same) confused.push(`${a} ~ ${b}`);
      }
    expect(pairs).toBeGreaterThan(180);
    expect(confused).toEqual([]);
  });

  it('tells 20 vases apart, and finds each one disguised', () => {
    const vases = vaseFamily();
    const vasePrints = vases.map(meshFingerprint);
    let closest = Infinity;
    for (let i = 0; i < vases.length; i++)
      for (let j = i + 1; j < vases.length; j++)
        closest = Math.min(closest, fingerprintDistance(vasePrints[i]!, vasePrints[j]!));
    expect(closest).toBeGreaterThan(sameShapeDistance);
    vases.forEach((vase, k) =>
      expect(fingerprintDistance(vasePrints[k]!, meshFingerprint(disguised(vase, 300 + k)))).toBeLessThan(
        sameShapeDistance,
      ),
    );
  });

  it('gives zeros for a mesh without area, and shows a distance as a similarity', () => {
    expect([...meshFingerprint({ positions: new Float32Array(9) })].every((v) => v === 0)).toBe(true);
    expect(similarityPercent(0)).toBe(100);
    expect(similarityPercent(0.0123)).toBe(98.8);
    expect(similarityPercent(3)).toBe(0);
  });
});
