/** The value axis of a bar chart: a round top value and evenly spaced ticks from zero. */

export interface ChartScale {
  max: number;
  ticks: number[];
}

/**
 * A "nice" axis for values from 0 to `maxValue`: steps of 1, 2, 2.5 or 5 × 10ⁿ, at most `tickCount`
 * steps; whole numbers only when `integer` (counts, cents). An empty or all-zero series gets 0–1.
 */
export function chartScale(maxValue: number, { tickCount = 4, integer = true } = {}): ChartScale {
  const top = Number.isFinite(maxValue) && maxValue > 0 ? maxValue : 0;
  if (top === 0) return { max: 1, ticks: [0, 1] };
  const rough = top / tickCount;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  let step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  if (integer) step = Math.max(1, Math.ceil(step));
  const steps = Math.ceil(top / step);
  const ticks = Array.from({ length: steps + 1 }, (_, i) => roundStep(i * step));
  return { max: ticks[ticks.length - 1]!, ticks };
}

function roundStep(value: number): number {
  return Math.round(value * 1e9) / 1e9;
}

/** Every how many bars an axis label fits: about `labels` labels whatever the number of bars. */
export function labelStep(bars: number, labels = 6): number {
  return Math.max(1, Math.ceil(bars / labels));
}

/** A share as a percentage with one decimal (3 of 200 → 1.5); null when there is nothing to divide by. */
export function percentage(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 1000) / 10;
}
