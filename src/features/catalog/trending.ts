/**
 * The stored trending score (docs/decisions/0004-trending-score.md): popularity on a log scale, sales
 * weighted above likes above views, a rating term damped by its number of votes, and a boost for new
 * models that fades over 30 days.
 */
export interface TrendingInput {
  views: number;
  likes: number;
  sales: number;
  ratingAverage: number;
  ratingCount: number;
  ageDays: number;
}

export function trendingScore(m: TrendingInput): number {
  const popularity = Math.log1p(m.views) + 2 * Math.log1p(m.likes) + 3 * Math.log1p(m.sales);
  const rating = (m.ratingAverage * m.ratingCount) / (m.ratingCount + 5);
  const freshness = Math.max(0, 30 - m.ageDays) / 5;
  return Math.round((popularity + rating + freshness) * 1000) / 1000;
}
