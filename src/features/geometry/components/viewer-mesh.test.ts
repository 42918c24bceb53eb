import { describe, expect, it } from 'vitest';

import { checkViewerMeshLength, frameBox, readViewerMesh } from './viewer-mesh';

function meshBuffer(values: number[]): ArrayBuffer {
  const buffer = new ArrayBuffer(values.length * 4);
  const view = new DataView(buffer);
  values.forEach((value, i) => view.setFloat32(i * 4, value, true));
  return buffer;
}

describe('readViewerMesh', () => {
  it('computes flat normals and the bounding box', () => {
    const read = readViewerMesh(meshBuffer([0, 0, 0, 10, 0, 0, 0, 20, 0, 0, 0, 0, 0, 20, 0, 0, 0, 5]), 10);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.mesh.triangles).toBe(2);
    expect(Array.from(read.mesh.normals.slice(0, 9))).toEqual([0, 0, 1, 0, 0, 1, 0, 0, 1]);
    expect(Array.from(read.mesh.normals.slice(9))).toEqual([1, 0, 0, 1, 0, 0, 1, 0, 0]);
    expect(read.mesh.min).toEqual([0, 0, 0]);
    expect(read.mesh.max).toEqual([10, 20, 5]);
  });

  it('gives a degenerate triangle a zero normal', () => {
    const read = readViewerMesh(meshBuffer([1, 1, 1, 1, 1, 1, 1, 1, 1]), 10);
    expect(read.ok && Array.from(read.mesh.normals)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('refuses empty, truncated, non-finite and too large files', () => {
    expect(readViewerMesh(new ArrayBuffer(0), 10)).toEqual({ ok: false, reason: 'parse' });
    expect(readViewerMesh(new ArrayBuffer(40), 10)).toEqual({ ok: false, reason: 'parse' });
    expect(readViewerMesh(meshBuffer([0, 0, 0, 1, 0, 0, 0, NaN, 0]), 10)).toEqual({
      ok: false,
      reason: 'parse',
    });
    expect(readViewerMesh(meshBuffer([0, 0, 0, 1, 0, 0, 0, Infinity, 0]), 10)).toEqual({
      ok: false,
      reason: 'parse',
    });
    expect(checkViewerMeshLength(36 * 11, 10)).toBe('too-big');
    expect(checkViewerMeshLength(36 * 10, 10)).toBeNull();
  });
});

describe('frameBox', () => {
  it('looks at the centre from the front, right and above, with the whole box in view', () => {
    const frame = frameBox([0, 0, 0], [100, 50, 20], 35, 1.5);
    expect(frame.target).toEqual([50, 25, 10]);
    const [x, y, z] = frame.position;
    expect(x).toBeGreaterThan(50);
    expect(y).toBeLessThan(25);
    expect(z).toBeGreaterThan(10);
    const distance = Math.hypot(x - 50, y - 25, z - 10);
    expect(distance).toBeCloseTo(frame.distance, 6);
    expect(frame.radius / distance).toBeLessThanOrEqual(Math.sin((35 * Math.PI) / 360));
  });
});
