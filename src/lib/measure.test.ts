import { describe, expect, it } from 'vitest';

import { formatArea, formatDimensions, formatLength, formatVolume } from './measure';

const nbsp = '\u00a0';

describe('measure formatters', () => {
  it('formats a volume in the chosen unit with the locale number', () => {
    expect(formatVolume(56_000, 'en')).toBe(`56,000${nbsp}mm³`);
    expect(formatVolume(56_000, 'de')).toBe(`56.000${nbsp}mm³`);
    expect(formatVolume(56_000, 'en', 'cm')).toBe(`56${nbsp}cm³`);
    expect(formatVolume(7_938.7, 'en')).toBe(`7,938.7${nbsp}mm³`);
  });

  it('formats lengths, boxes and areas the same way', () => {
    expect(formatLength(12.5, 'fr')).toBe(`12,5${nbsp}mm`);
    expect(formatDimensions([20, 20, 20], 'en', 'cm')).toBe(`2 × 2 × 2${nbsp}cm`);
    expect(formatDimensions([20, 20, 20], 'en', 'in')).toBe(`0.7874 × 0.7874 × 0.7874${nbsp}in`);
    expect(formatArea(320, 'en', 'cm')).toBe(`3.2${nbsp}cm²`);
  });
});
