/** How the statistics pages write buckets, numbers and percentages in the reader's language. */
import { languageTags, type Locale } from '@/i18n/routing';
import type { BucketUnit, SeriesPoint } from '../stats-series';
import type { BarChartPoint } from '@/components/ui/bar-chart';

export interface StatsFormat {
  number: (value: number) => string;
  percent: (value: number | null) => string;
  date: (value: Date) => string;
  /** The bucket in full and in short: '16 Nov 2026' / '16 Nov', 'Week of 16 Nov 2026', 'November 2026' / 'Nov'. */
  bucket: (bucket: string) => { label: string; axisLabel: string };
}

export function statsFormat(locale: Locale, unit: BucketUnit, weekOf: (date: string) => string): StatsFormat {
  const tag = languageTags[locale];
  const numbers = new Intl.NumberFormat(tag);
  const percents = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 });
  const medium = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' });
  const short = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const monthShort = new Intl.DateTimeFormat(tag, { month: 'short', timeZone: 'UTC' });
  return {
    number: (value) => numbers.format(value),
    percent: (value) => (value === null ? '—' : percents.format(value / 100)),
    date: (value) => medium.format(value),
    bucket: (bucket) => {
      const day = new Date(`${bucket}T00:00:00Z`);
      if (unit === 'month') return { label: month.format(day), axisLabel: monthShort.format(day) };
      const axisLabel = short.format(day);
      return { label: unit === 'week' ? weekOf(medium.format(day)) : medium.format(day), axisLabel };
    },
  };
}

/** A series as bar chart points, each value written with `write`. */
export function chartPoints(
  series: readonly SeriesPoint[],
  format: StatsFormat,
  write: (value: number) => string,
): BarChartPoint[] {
  return series.map((point) => ({
    key: point.bucket,
    ...format.bucket(point.bucket),
    value: point.value,
    valueLabel: write(point.value),
  }));
}
