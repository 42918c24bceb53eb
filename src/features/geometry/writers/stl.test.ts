import { describe, expect, it } from 'vitest';

import { box } from '@/seed/procedural/primitives';

import { parseStl } from '../stl';

import { writeStl } from './stl';

const cube = box(0, 0, 0, 20, 20, 20);

describe('writeStl', () => {
  it('is a binary STL of 84 + 50 bytes per triangle whose header names the object', () => {
    const bytes = writeStl(cube, 'Würfel, 20 mm — 立方体');
    const view = new DataView(bytes.buffer);
    expect(bytes.length).toBe(84 + 50 * 12);
    expect(view.getUint32(80, true)).toBe(12);
    const header = new TextDecoder().decode(bytes.subarray(0, 80)).replace(/\0+$/, '');
    expect(header).toBe('Meshbay: Wurfel, 20 mm ? ???');
    expect(header.toLowerCase().startsWith('solid')).toBe(false);
  });

  it('keeps the header to 80 bytes for a long name', () => {
    const bytes = writeStl(cube, 'solid '.repeat(40));
    expect(bytes.length).toBe(84 + 50 * 12);
    expect(new TextDecoder().decode(bytes.subarray(0, 9))).toBe('Meshbay: ');
  });

  it('writes unit facet normals pointing out of the solid', () => {
    const bytes = writeStl(cube, 'cube');
    const view = new DataView(bytes.buffer);
    const corners = parseStl(bytes).positions;
    for (let f = 0; f < 12; f++) {
      const at = 84 + f * 50;
      const normal = [0, 4, 8].map((k) => view.getFloat32(at + k, true));
      expect(Math.hypot(...normal)).toBeCloseTo(1, 6);
      // From the cube's centre to the facet's centre: the same way as the normal.
      const outwards = [0, 1, 2].map(
        (k) => (corners[f * 9 + k]! + corners[f * 9 + 3 + k]! + corners[f * 9 + 6 + k]!) / 3 - 10,
      );
      expect(normal.reduce((sum, n, k) => sum + n * outwards[k]!, 0)).toBeGreaterThan(0);
      expect(view.getUint16(at + 48, true)).toBe(0);
    }
  });

  it('writes a zero normal for a triangle without area', () => {
    const bytes = writeStl(
      { positions: Float64Array.of(0, 0, 0, 1, 1, 1, 2, 2, 2), triangles: Uint32Array.of(0, 1, 2) },
      'line',
    );
    const view = new DataView(bytes.buffer);
    expect([0, 4, 8].map((k) => view.getFloat32(84 + k, true))).toEqual([0, 0, 0]);
  });

  it('refuses a coordinate that is not finite', () => {
    expect(() =>
      writeStl(
        { positions: Float64Array.of(0, 0, 0, 1, 0, 0, 0, NaN, 0), triangles: Uint32Array.of(0, 1, 2) },
        'x',
      ),
    ).toThrow(/vertex 2/);
  });
});
