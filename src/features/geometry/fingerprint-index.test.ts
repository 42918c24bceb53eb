import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { d1Bins, d2Bins, fingerprintDistance, fingerprintLength } from './fingerprint';
import { FingerprintIndex } from './fingerprint-index';

const histogram = (bins: number) =>
  fc.array(fc.float({ min: 0, max: 1, noNaN: true }), { minLength: bins, maxLength: bins }).map((values) => {
    const sum = values.reduce((a, b) => a + b, 0) || 1;
    return values.map((v) => v / sum);
  });
const fingerprint = fc
  .tuple(
    fc.float({ min: 0, max: 1, noNaN: true }),
    fc.float({ min: 0, max: 1, noNaN: true }),
    fc.float({ min: 0, max: 1, noNaN: true }),
    histogram(d2Bins),
    histogram(d1Bins),
  )
  .map(([a, b, c, d2, d1]) => Float32Array.from([a, b, c, ...d2, ...d1]));

describe('FingerprintIndex', () => {
  it('never misses a fingerprint within the distance (the sketch bound is a lower bound)', () => {
    fc.assert(
      fc.property(
        fc.array(fingerprint, { minLength: 1, maxLength: 40 }),
        fingerprint,
        fc.double({ min: 0.01, max: 0.5, noNaN: true }),
        (stored, probe, within) => {
          const index = new FingerprintIndex();
          stored.forEach((vector, id) => index.add(id, vector));
          const found = new Set(index.candidates(probe, within, 1000));
          stored.forEach((vector, id) => {
            if (fingerprintDistance(probe, vector) <= within) expect(found.has(id)).toBe(true);
          });
        },
      ),
    );
  });

  it('gives the closest candidates first, at most `limit`, and refuses a vector of the wrong length', () => {
    const index = new FingerprintIndex();
    const base = new Float32Array(fingerprintLength);
    base.set([0.5, 0.4, 0.3]);
    base[3] = 1;
    base[3 + d2Bins] = 1;
    for (let id = 1; id <= 100; id++) {
      const copy = base.slice();
      copy[0] = 0.5 + id / 10_000;
      index.add(id, copy);
    }
    expect(index.size).toBe(100);
    const candidates = index.candidates(base, 0.04, 5);
    expect(candidates).toHaveLength(5);
    expect(candidates[0]).toBeLessThan(10);
    expect(() => index.add(101, new Float32Array(3))).toThrow();
  });
});
