import { describe, expect, it } from 'vitest';

import { chartScale, labelStep, percentage } from './chart-scale';

describe('chartScale', () => {
  it('gives 0–1 for an empty or all-zero series', () => {
    expect(chartScale(0)).toEqual({ max: 1, ticks: [0, 1] });
    expect(chartScale(Number.NaN)).toEqual({ max: 1, ticks: [0, 1] });
  });

  it('rounds the top to a nice step', () => {
    expect(chartScale(7)).toEqual({ max: 8, ticks: [0, 2, 4, 6, 8] });
    expect(chartScale(100)).toEqual({ max: 100, ticks: [0, 25, 50, 75, 100] });
    expect(chartScale(4321)).toEqual({ max: 6000, ticks: [0, 2000, 4000, 6000] });
  });

  it('keeps whole steps for small counts', () => {
    expect(chartScale(1)).toEqual({ max: 1, ticks: [0, 1] });
    expect(chartScale(3)).toEqual({ max: 3, ticks: [0, 1, 2, 3] });
  });

  it('allows fractions when asked', () => {
    expect(chartScale(1, { integer: false }).ticks).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it('always covers the maximum', () => {
    for (const max of [1, 2, 5, 9, 11, 49, 101, 999, 12_345, 2_000_001]) {
      const scale = chartScale(max);
      expect(scale.max).toBeGreaterThanOrEqual(max);
      expect(scale.ticks.length).toBeLessThanOrEqual(6);
      expect(scale.ticks[0]).toBe(0);
    }
  });
});

describe('labelStep', () => {
  it('keeps about six labels', () => {
    expect(labelStep(30)).toBe(5);
    expect(labelStep(12)).toBe(2);
    expect(labelStep(3)).toBe(1);
    expect(labelStep(0)).toBe(1);
  });
});

describe('percentage', () => {
  it('has one decimal and no division by zero', () => {
    expect(percentage(3, 200)).toBe(1.5);
    expect(percentage(1, 3)).toBe(33.3);
    expect(percentage(5, 0)).toBeNull();
  });
});
