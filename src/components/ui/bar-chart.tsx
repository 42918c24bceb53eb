/**
 * A small bar chart drawn on the server: an SVG (bars stretch with the width; no script, no chart
 * library) with its title and description, axis labels in HTML (they keep their size at every
 * width), and the same figures in a visually hidden table for screen readers.
 */
import { chartScale, labelStep } from '@/lib/chart-scale';

import styles from './bar-chart.module.css';

export interface BarChartPoint {
  key: string;
  /** The bucket in full, for the table and the bar's tooltip ("Week of 16 Nov 2026"). */
  label: string;
  /** The bucket in short, under the axis ("16 Nov"). */
  axisLabel: string;
  value: number;
  /** The value as the reader sees it ("$24", "1,204"). */
  valueLabel: string;
}

export interface BarChartProps {
  /** Unique on the page: the ids of the title and description derive from it. */
  id: string;
  title: string;
  /** One sentence on what the chart shows (e.g. its total), for the SVG's description. */
  description: string;
  points: readonly BarChartPoint[];
  /** Column headers of the table read by screen readers. */
  labelHeader: string;
  valueHeader: string;
  /** Formats a value axis tick. */
  formatTick: (value: number) => string;
  /** Ticks in whole numbers (counts, cents); true by default. */
  integer?: boolean;
}

const barWidth = 10;
const height = 100;

export function BarChart({
  id,
  title,
  description,
  points,
  labelHeader,
  valueHeader,
  formatTick,
  integer = true,
}: BarChartProps) {
  const scale = chartScale(Math.max(0, ...points.map((p) => p.value)), { integer });
  const width = Math.max(1, points.length) * barWidth;
  const y = (value: number) => height - (value / scale.max) * height;
  const step = labelStep(points.length);
  return (
    <figure className={styles.chart} data-testid="bar-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className={styles.title}>
        {title}
      </figcaption>
      <div className={styles.plot}>
        <div className={styles.yAxis} aria-hidden="true">
          {[...scale.ticks].reverse().map((tick) => (
            <span key={tick}>{formatTick(tick)}</span>
          ))}
        </div>
        <div className={styles.area}>
          <svg
            className={styles.svg}
            viewBox={`0 0 ${width} ${height}`}
            preserveAspectRatio="none"
            role="img"
            aria-labelledby={`${id}-svg-title ${id}-svg-desc`}
          >
            <title id={`${id}-svg-title`}>{title}</title>
            <desc id={`${id}-svg-desc`}>{description}</desc>
            {scale.ticks.map((tick) => (
              <line
                key={tick}
                className={tick === 0 ? styles.baseline : styles.grid}
                x1={0}
                x2={width}
                y1={y(tick)}
                y2={y(tick)}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {points.map((point, i) =>
              point.value > 0 ? (
                <rect
                  key={point.key}
                  className={styles.bar}
                  x={i * barWidth + barWidth * 0.15}
                  width={barWidth * 0.7}
                  y={y(point.value)}
                  height={height - y(point.value)}
                  data-value={point.value}
                >
                  <title>{`${point.label}: ${point.valueLabel}`}</title>
                </rect>
              ) : null,
            )}
          </svg>
          <div className={styles.xAxis} aria-hidden="true">
            {points.map((point, i) => (
              <span key={point.key} className={(i / step) % 2 === 1 ? styles.minor : undefined}>
                {i % step === 0 ? point.axisLabel : ''}
              </span>
            ))}
          </div>
        </div>
      </div>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.key}>
              <th scope="row">{point.label}</th>
              <td>{point.valueLabel}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
