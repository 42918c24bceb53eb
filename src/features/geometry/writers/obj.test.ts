import { describe, expect, it } from 'vitest';

import { torus } from '@/seed/procedural/primitives';

import { formatMillimetres } from './indexed-mesh';
import { writeObj } from './obj';

describe('writeObj', () => {
  it('writes a header, the object name, shared vertices and 1-based faces', () => {
    const text = new TextDecoder().decode(
      writeObj(
        {
          positions: Float64Array.of(0, 0, 0, 10, 0, 0, 0, 10, 0, 0, 0, 10),
          triangles: Uint32Array.of(0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3),
        },
        'Tetra\nhedron',
      ),
    );
    expect(text).toBe(
      [
        '# Tetra hedron',
        '# Written by Meshbay. Units: millimetres. Up axis: +Z.',
        '# 4 vertices, 4 triangles',
        'o Tetra hedron',
        'v 0 0 0',
        'v 10 0 0',
        'v 0 10 0',
        'v 0 0 10',
        'f 1 3 2',
        'f 1 2 4',
        'f 1 4 3',
        'f 2 3 4',
        '',
      ].join('\n'),
    );
  });

  it('writes compact numbers with at most 4 decimals and no -0', () => {
    const text = new TextDecoder().decode(writeObj(torus(20.123456, 6, 32, 12), 'torus'));
    const numbers = text
      .split('\n')
      .filter((line) => line.startsWith('v '))
      .flatMap((line) => line.split(' ').slice(1));
    expect(numbers.length).toBe(32 * 12 * 3);
    for (const number of numbers) expect(number).toMatch(/^-?(0|[1-9]\d*)(\.\d{0,3}[1-9])?$/);
    expect(numbers).not.toContain('-0');
  });

  it('rounds to 0.1 µm', () => {
    expect(formatMillimetres(-0.00004)).toBe('0');
    expect(formatMillimetres(-0)).toBe('0');
    expect(formatMillimetres(12.34567)).toBe('12.3457');
    expect(formatMillimetres(-3.1)).toBe('-3.1');
    expect(formatMillimetres(0.0001)).toBe('0.0001');
    expect(formatMillimetres(1200)).toBe('1200');
  });
});
