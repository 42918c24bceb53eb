/**
 * The rank of a model by its community rating (decision 0047): a damped (Bayesian) average that pulls a
 * model with few ratings toward the catalogue's mean, so one 5-star rating does not outrank hundreds of
 * 4.8s. Orders use it; cards and the "N stars & up" filter keep the plain average.
 */

/** How many ratings of the catalogue's mean every model starts with. */
export const ratingPriorWeight = 10;

/** (C·m + Σstars) / (C + n): `average` and `count` are the model's plain figures, `mean` the catalogue's. */
export function dampedRating(
  average: number,
  count: number,
  mean: number,
  priorWeight: number = ratingPriorWeight,
): number {
  return (priorWeight * mean + average * count) / (priorWeight + count);
}

/** The mean of every rating given: the figures weighted by their counts (0 when nobody rated). */
export function meanRating(figures: Iterable<{ average: number; count: number }>): number {
  let sum = 0;
  let total = 0;
  for (const { average, count } of figures) {
    if (count <= 0) continue;
    sum += average * count;
    total += count;
  }
  return total === 0 ? 0 : sum / total;
}
