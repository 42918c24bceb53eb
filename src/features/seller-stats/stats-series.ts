/**
 * Time series of the seller's statistics: the buckets of a period (days, ISO weeks or months, in UTC)
 * ending at `now`, and a series with a value for every bucket (buckets without rows are zero).
 */

export const statsRanges = ['30d', '12w', '12m'] as const;
export type StatsRange = (typeof statsRanges)[number];
export type BucketUnit = 'day' | 'week' | 'month';

export interface SeriesWindow {
  range: StatsRange;
  unit: BucketUnit;
  /** The first bucket's first day (inclusive), 'YYYY-MM-DD' in UTC. */
  startDay: string;
  /** The day after the last bucket (exclusive), 'YYYY-MM-DD' in UTC. */
  endDay: string;
  /** The same bounds as instants (UTC midnight), for timestamp columns. */
  start: Date;
  end: Date;
  /** Each bucket's first day, oldest first; SQL's `date_trunc(unit, …)` gives the same keys. */
  buckets: string[];
}

export interface SeriesPoint {
  bucket: string;
  value: number;
}

const dayMs = 86_400_000;
const sizes: Record<StatsRange, { unit: BucketUnit; count: number }> = {
  '30d': { unit: 'day', count: 30 },
  '12w': { unit: 'week', count: 12 },
  '12m': { unit: 'month', count: 12 },
};

export function isStatsRange(value: unknown): value is StatsRange {
  return typeof value === 'string' && (statsRanges as readonly string[]).includes(value);
}

/** 'YYYY-MM-DD' of an instant, in UTC. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function midnight(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** The first day of the bucket holding `date` (weeks start on Monday, as in PostgreSQL). */
function bucketStart(date: Date, unit: BucketUnit): Date {
  const day = midnight(date);
  if (unit === 'day') return day;
  if (unit === 'week') return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * dayMs);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
}

function shift(start: Date, unit: BucketUnit, by: number): Date {
  if (unit === 'day') return new Date(start.getTime() + by * dayMs);
  if (unit === 'week') return new Date(start.getTime() + by * 7 * dayMs);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + by, 1));
}

/** The period of a range that ends with the bucket holding `now` (today, this week, this month). */
export function seriesWindow(range: StatsRange, now: Date): SeriesWindow {
  const { unit, count } = sizes[range];
  const last = bucketStart(now, unit);
  const start = shift(last, unit, -(count - 1));
  const end = shift(last, unit, 1);
  const buckets = Array.from({ length: count }, (_, i) => utcDay(shift(start, unit, i)));
  return { range, unit, startDay: utcDay(start), endDay: utcDay(end), start, end, buckets };
}

/** One point per bucket, in order: the rows' values summed per bucket, zero where there is none. */
export function fillSeries(
  buckets: readonly string[],
  rows: readonly { bucket: string; value: number }[],
): SeriesPoint[] {
  const values = new Map<string, number>();
  for (const row of rows) values.set(row.bucket, (values.get(row.bucket) ?? 0) + row.value);
  return buckets.map((bucket) => ({ bucket, value: values.get(bucket) ?? 0 }));
}

/** The sum of a series. */
export function seriesTotal(series: readonly SeriesPoint[]): number {
  return series.reduce((total, point) => total + point.value, 0);
}
