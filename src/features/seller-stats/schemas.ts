/** The seller's sales and analytics pages: their GET parameters and the DTOs their queries return. */
import { z } from 'zod';

import type { OrderStatus } from '@/features/orders/api';
import type { ModelStatus } from '@/features/catalog/api';
import { statsRanges, type SeriesPoint, type SeriesWindow, type StatsRange } from './stats-series';

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** `?range=30d|12w|12m`: anything else is the default, the last 30 days. */
export const rangeParamSchema = z.preprocess(first, z.enum(statsRanges).catch('30d'));

/** `?page=N` (1-based); anything else is the first page. */
export const pageParamSchema = z.preprocess(first, z.coerce.number().int().min(1).max(100_000).catch(1));

/**
 * `?model=id`: absent or empty means all models; an id that is not a positive 32-bit integer is
 * 'invalid' (the page answers 404, as for another seller's model).
 */
export const modelParamSchema = z.preprocess(
  first,
  z.union([
    z.undefined(),
    z.literal('').transform(() => undefined),
    z
      .string()
      .regex(/^[1-9]\d{0,9}$/)
      .transform(Number)
      .refine((id) => id <= 2_147_483_647),
    z.any().transform(() => 'invalid' as const),
  ]),
);

/** Order statuses that make a sale: paid (and delivered), or paid and refunded later. */
export const soldStatuses = ['paid', 'fulfilled', 'refunded'] as const satisfies readonly OrderStatus[];
/** Of those, the ones whose money the seller keeps. */
export const keptStatuses = ['paid', 'fulfilled'] as const satisfies readonly OrderStatus[];
export type SaleStatus = (typeof soldStatuses)[number];

/** Units and money of the seller's sales; gross is the price after sale and coupon discounts. */
export interface SalesFigures {
  unitsSold: number;
  grossCents: number;
  refundedUnits: number;
  refundedCents: number;
}

export interface SalesTotals {
  period: SalesFigures;
  allTime: SalesFigures;
}

/** One model sold, as the seller's table shows it. */
export interface SaleLineDto {
  lineId: number;
  orderId: number;
  soldAt: Date;
  modelId: number;
  title: string;
  licence: string;
  priceCents: number;
  status: SaleStatus;
}

export interface PageOf<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}

export interface SalesOverview {
  window: SeriesWindow;
  totals: SalesTotals;
  /** Gross revenue per bucket (refunded orders left out). */
  revenue: SeriesPoint[];
  /** Units sold per bucket (refunded orders left out). */
  units: SeriesPoint[];
  recent: PageOf<SaleLineDto>;
}

export interface SellerModelDto {
  id: number;
  title: string;
  status: ModelStatus;
}

/** A model's figures since it was published (the counters the public sees), with its downloads. */
export interface ModelStatsDto extends SellerModelDto {
  views: number;
  likes: number;
  downloads: number;
  sales: number;
  /** Sales per 100 views, one decimal; null without views. */
  conversionPercent: number | null;
}

export interface StatsTotals {
  models: number;
  views: number;
  likes: number;
  downloads: number;
  sales: number;
  conversionPercent: number | null;
}

export interface AnalyticsOverview {
  window: SeriesWindow;
  /** The seller's models for the selector, by title. */
  models: SellerModelDto[];
  /** The model chosen with `?model=`, or null for all of them. */
  selected: SellerModelDto | null;
  totals: StatsTotals;
  table: PageOf<ModelStatsDto>;
  views: SeriesPoint[];
  downloads: SeriesPoint[];
  sales: SeriesPoint[];
}

export type { StatsRange };
