/** Reads of the seller's studio statistics; the clock is a parameter (tests set it). */
import { percentage } from '@/lib/chart-scale';
import { fillSeries, seriesWindow, type StatsRange } from '../stats-series';
import { AppError } from '@/server/errors';

import type { AnalyticsOverview, ModelStatsDto, PageOf, SalesOverview, SellerModelDto } from '../schemas';
import {
  findCounterTotals,
  findDownloadBuckets,
  findModelCounters,
  findSaleLines,
  findSalesBuckets,
  findSalesTotals,
  findSellerModel,
  findSellerModels,
  findViewBuckets,
} from './repository';

export const salesPageSize = 20;
export const modelsPageSize = 20;

function pageOf<T>(items: T[], page: number, total: number, size: number): PageOf<T> {
  return { items, page, total, pageCount: Math.max(1, Math.ceil(total / size)) };
}

/** "My sales": totals, revenue and units per day/week/month, and a page of the sales, newest first. */
export async function getSalesOverview(
  sellerId: number,
  { range, page }: { range: StatsRange; page: number },
  now = new Date(),
): Promise<SalesOverview> {
  const window = seriesWindow(range, now);
  const [totals, buckets, lines] = await Promise.all([
    findSalesTotals(sellerId, window),
    findSalesBuckets(sellerId, window),
    findSaleLines(sellerId, { limit: salesPageSize, offset: (page - 1) * salesPageSize }),
  ]);
  return {
    window,
    totals,
    revenue: fillSeries(
      window.buckets,
      buckets.map((b) => ({ bucket: b.bucket, value: b.grossCents })),
    ),
    units: fillSeries(
      window.buckets,
      buckets.map((b) => ({ bucket: b.bucket, value: b.units })),
    ),
    recent: pageOf(lines.items, page, lines.total, salesPageSize),
  };
}

/**
 * "Analytics": every model of the seller (drafts and models in review too) with views, likes,
 * downloads, sales and conversion; views, downloads and sales over time for all of them or for one.
 * A model that is not the seller's is NOT_FOUND, exactly like one that does not exist.
 */
export async function getAnalytics(
  sellerId: number,
  { range, modelId, page }: { range: StatsRange; modelId?: number; page: number },
  now = new Date(),
): Promise<AnalyticsOverview> {
  let selected: SellerModelDto | null = null;
  if (modelId !== undefined) {
    selected = await findSellerModel(sellerId, modelId);
    if (!selected) throw new AppError('NOT_FOUND', 'No such model in your studio');
  }
  const window = seriesWindow(range, now);
  const [models, counters, totals, views, downloads, sales] = await Promise.all([
    findSellerModels(sellerId),
    findModelCounters(sellerId, { limit: modelsPageSize, offset: (page - 1) * modelsPageSize }),
    findCounterTotals(sellerId),
    findViewBuckets(sellerId, window, modelId),
    findDownloadBuckets(sellerId, window, modelId),
    findSalesBuckets(sellerId, window, modelId),
  ]);
  const rows: ModelStatsDto[] = counters.map((row) => ({
    ...row,
    conversionPercent: percentage(row.sales, row.views),
  }));
  return {
    window,
    models,
    selected,
    totals: { ...totals, conversionPercent: percentage(totals.sales, totals.views) },
    table: pageOf(rows, page, totals.models, modelsPageSize),
    views: fillSeries(window.buckets, views),
    downloads: fillSeries(window.buckets, downloads),
    sales: fillSeries(
      window.buckets,
      sales.map((b) => ({ bucket: b.bucket, value: b.units })),
    ),
  };
}
