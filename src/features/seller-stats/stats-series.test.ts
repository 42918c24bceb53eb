import { describe, expect, it } from 'vitest';

import { fillSeries, isStatsRange, seriesTotal, seriesWindow, utcDay } from './stats-series';

describe('seriesWindow', () => {
  const now = new Date('2026-11-22T23:30:00Z'); // a Sunday

  it('gives the last 30 days, today included', () => {
    const w = seriesWindow('30d', now);
    expect(w.unit).toBe('day');
    expect(w.buckets).toHaveLength(30);
    expect(w.buckets[0]).toBe('2026-10-24');
    expect(w.buckets[29]).toBe('2026-11-22');
    expect(w.startDay).toBe('2026-10-24');
    expect(w.endDay).toBe('2026-11-23');
    expect(w.start.toISOString()).toBe('2026-10-24T00:00:00.000Z');
    expect(w.end.toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('gives 12 weeks starting on Mondays, this week last', () => {
    const w = seriesWindow('12w', now);
    expect(w.buckets).toHaveLength(12);
    expect(w.buckets[11]).toBe('2026-11-16');
    expect(w.buckets[0]).toBe('2026-08-31');
    expect(w.buckets.every((day) => new Date(`${day}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(w.endDay).toBe('2026-11-23');
  });

  it('gives 12 months across a year boundary', () => {
    const w = seriesWindow('12m', new Date('2027-02-01T00:00:00Z'));
    expect(w.buckets).toEqual([
      '2026-03-01',
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
    ]);
    expect(w.endDay).toBe('2027-03-01');
  });

  it('counts days across a month end and a leap day', () => {
    const w = seriesWindow('30d', new Date('2028-03-01T05:00:00Z'));
    expect(w.buckets).toContain('2028-02-29');
    expect(w.buckets[29]).toBe('2028-03-01');
  });
});

describe('fillSeries', () => {
  it('puts zero where there are no rows and sums rows of one bucket', () => {
    const series = fillSeries(
      ['2026-11-20', '2026-11-21', '2026-11-22'],
      [
        { bucket: '2026-11-22', value: 2 },
        { bucket: '2026-11-20', value: 1 },
        { bucket: '2026-11-22', value: 3 },
        { bucket: '2026-01-01', value: 99 },
      ],
    );
    expect(series).toEqual([
      { bucket: '2026-11-20', value: 1 },
      { bucket: '2026-11-21', value: 0 },
      { bucket: '2026-11-22', value: 5 },
    ]);
    expect(seriesTotal(series)).toBe(6);
  });

  it('is all zeros without rows', () => {
    expect(fillSeries(['a', 'b'], []).map((p) => p.value)).toEqual([0, 0]);
  });
});

describe('helpers', () => {
  it('recognises the ranges', () => {
    expect(isStatsRange('12w')).toBe(true);
    expect(isStatsRange('7d')).toBe(false);
    expect(isStatsRange(undefined)).toBe(false);
  });

  it('formats UTC days', () => {
    expect(utcDay(new Date('2026-11-22T23:59:59-05:00'))).toBe('2026-11-23');
  });
});
