/**
 * The seller's sales and analytics, read from the books (order lines of paid orders), the daily view
 * visits and the download events. Every read is limited to the models whose designer is the seller.
 * Buckets are UTC days, ISO weeks (Monday) or months, keyed by their first day ('YYYY-MM-DD').
 */
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';

import type { BucketUnit } from '../stats-series';
import { getDb } from '@/server/db/client';
import { downloadEvents } from '@/features/orders/server/api';
import { models, modelViewVisits } from '@/features/catalog/server/api';
import { orderLines, orders } from '@/features/orders/server/api';

import {
  keptStatuses,
  soldStatuses,
  type SaleLineDto,
  type SaleStatus,
  type SalesFigures,
  type SellerModelDto,
} from '../schemas';

export interface Period {
  unit: BucketUnit;
  /** Bounds for timestamps: [start, end). */
  start: Date;
  end: Date;
  /** The same bounds as days, for date columns. */
  startDay: string;
  endDay: string;
}

export interface BucketRow {
  bucket: string;
  value: number;
}

/** The unit as SQL text: one of three fixed words, never user input. */
const unitSql: Record<BucketUnit, SQL> = {
  day: sql.raw(`'day'`),
  week: sql.raw(`'week'`),
  month: sql.raw(`'month'`),
};

/** When a line was sold: its order's payment (orders paid before `paid_at` existed: their creation). */
const soldAt = sql<Date>`coalesce(${orders.paidAt}, ${orders.createdAt})`;
/** What the buyer paid for a line, credits included: the price after the sale and coupon discounts. */
const lineGross = sql`(${orderLines.priceCents} - ${orderLines.saleDiscountCents} - ${orderLines.couponDiscountCents})`;
const isKept = sql`${orders.status} in ('paid', 'fulfilled')`;
const isRefunded = sql`${orders.status} = 'refunded'`;

/** An instant as a SQL parameter (both drivers read the ISO text alike). */
function instant(date: Date): SQL {
  return sql`${date.toISOString()}::timestamptz`;
}

function timestampBucket(column: SQL | typeof downloadEvents.createdAt, unit: BucketUnit) {
  return sql<string>`to_char(date_trunc(${unitSql[unit]}, ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;
}

function dateBucket(column: typeof modelViewVisits.day, unit: BucketUnit) {
  return sql<string>`to_char(date_trunc(${unitSql[unit]}, ${column}::timestamp), 'YYYY-MM-DD')`;
}

/** Order lines of the seller's models in orders that were paid (kept or refunded since). */
function soldLinesOf(sellerId: number, modelId?: number): SQL {
  return and(
    eq(models.designerId, sellerId),
    inArray(orders.status, [...soldStatuses]),
    modelId === undefined ? undefined : eq(orderLines.modelId, modelId),
  )!;
}

function figures(filter: SQL) {
  return {
    unitsSold: sql<number>`count(*) filter (where ${isKept} and ${filter})`.mapWith(Number),
    grossCents: sql<number>`coalesce(sum(${lineGross}) filter (where ${isKept} and ${filter}), 0)`.mapWith(
      Number,
    ),
    refundedUnits: sql<number>`count(*) filter (where ${isRefunded} and ${filter})`.mapWith(Number),
    refundedCents:
      sql<number>`coalesce(sum(${lineGross}) filter (where ${isRefunded} and ${filter}), 0)`.mapWith(Number),
  };
}

const zero: SalesFigures = { unitsSold: 0, grossCents: 0, refundedUnits: 0, refundedCents: 0 };

/** Units, gross revenue and refunds of the seller's sales: in the period and since the first sale. */
export async function findSalesTotals(
  sellerId: number,
  period: Pick<Period, 'start' | 'end'>,
): Promise<{ period: SalesFigures; allTime: SalesFigures }> {
  const db = await getDb();
  const inPeriod = sql`${soldAt} >= ${instant(period.start)} and ${soldAt} < ${instant(period.end)}`;
  const all = figures(sql`true`);
  const recent = figures(inPeriod);
  const [row] = await db
    .select({
      unitsSold: all.unitsSold,
      grossCents: all.grossCents,
      refundedUnits: all.refundedUnits,
      refundedCents: all.refundedCents,
      periodUnitsSold: recent.unitsSold,
      periodGrossCents: recent.grossCents,
      periodRefundedUnits: recent.refundedUnits,
      periodRefundedCents: recent.refundedCents,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(models, eq(models.id, orderLines.modelId))
    .where(soldLinesOf(sellerId));
  if (!row) return { period: zero, allTime: zero };
  return {
    allTime: {
      unitsSold: row.unitsSold,
      grossCents: row.grossCents,
      refundedUnits: row.refundedUnits,
      refundedCents: row.refundedCents,
    },
    period: {
      unitsSold: row.periodUnitsSold,
      grossCents: row.periodGrossCents,
      refundedUnits: row.periodRefundedUnits,
      refundedCents: row.periodRefundedCents,
    },
  };
}

/** Units sold and gross revenue per bucket of the period; refunded orders are left out. */
export async function findSalesBuckets(
  sellerId: number,
  period: Period,
  modelId?: number,
): Promise<{ bucket: string; units: number; grossCents: number }[]> {
  const db = await getDb();
  const bucket = timestampBucket(soldAt, period.unit);
  return db
    .select({
      bucket,
      units: sql<number>`count(*)`.mapWith(Number),
      grossCents: sql<number>`coalesce(sum(${lineGross}), 0)`.mapWith(Number),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(models, eq(models.id, orderLines.modelId))
    .where(
      and(
        soldLinesOf(sellerId, modelId),
        inArray(orders.status, [...keptStatuses]),
        sql`${soldAt} >= ${instant(period.start)}`,
        sql`${soldAt} < ${instant(period.end)}`,
      ),
    )
    .groupBy(sql`1`);
}

/** The seller's sales, newest first: one page and the number of them. */
export async function findSaleLines(
  sellerId: number,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ items: SaleLineDto[]; total: number }> {
  const db = await getDb();
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        lineId: orderLines.id,
        orderId: orders.id,
        soldAt: sql<Date>`${soldAt}`.mapWith(orders.paidAt),
        modelId: orderLines.modelId,
        title: orderLines.title,
        licence: orderLines.licence,
        priceCents: sql<number>`${lineGross}`.mapWith(Number),
        status: orders.status,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(models, eq(models.id, orderLines.modelId))
      .where(soldLinesOf(sellerId))
      .orderBy(desc(soldAt), desc(orderLines.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(models, eq(models.id, orderLines.modelId))
      .where(soldLinesOf(sellerId)),
  ]);
  return {
    items: rows.map((row) => ({ ...row, status: row.status as SaleStatus })),
    total: counted?.n ?? 0,
  };
}

const sellerModelColumns = { id: models.id, title: models.title, status: models.status };

/** All the seller's models, whatever their status, by title. */
export async function findSellerModels(sellerId: number): Promise<SellerModelDto[]> {
  const db = await getDb();
  return db
    .select(sellerModelColumns)
    .from(models)
    .where(eq(models.designerId, sellerId))
    .orderBy(asc(models.title), asc(models.id));
}

/** One of the seller's models; null when it does not exist or is another seller's. */
export async function findSellerModel(sellerId: number, modelId: number): Promise<SellerModelDto | null> {
  const db = await getDb();
  const [row] = await db
    .select(sellerModelColumns)
    .from(models)
    .where(and(eq(models.id, modelId), eq(models.designerId, sellerId)));
  return row ?? null;
}

export interface ModelCountersRow extends SellerModelDto {
  views: number;
  likes: number;
  sales: number;
  downloads: number;
}

/** Downloads of the seller's models, per model. */
function downloadsPerModel(sellerId: number) {
  return sql`(select ${downloadEvents.modelId} as model_id, count(*)::int as n
    from ${downloadEvents} join ${models} on ${models.id} = ${downloadEvents.modelId}
    where ${models.designerId} = ${sellerId} group by ${downloadEvents.modelId})`;
}

/** A page of the seller's models with their counters, the most viewed first. */
export async function findModelCounters(
  sellerId: number,
  { limit, offset }: { limit: number; offset: number },
): Promise<ModelCountersRow[]> {
  const db = await getDb();
  return db
    .select({
      ...sellerModelColumns,
      views: models.views,
      likes: models.likes,
      sales: models.sales,
      downloads: sql<number>`coalesce(d.n, 0)`.mapWith(Number),
    })
    .from(models)
    .leftJoin(sql`${downloadsPerModel(sellerId)} d`, sql`d.model_id = ${models.id}`)
    .where(eq(models.designerId, sellerId))
    .orderBy(desc(models.views), asc(models.id))
    .limit(limit)
    .offset(offset);
}

/** The sums of the counters over all the seller's models. */
export async function findCounterTotals(
  sellerId: number,
): Promise<{ models: number; views: number; likes: number; sales: number; downloads: number }> {
  const db = await getDb();
  const [[counters], [downloads]] = await Promise.all([
    db
      .select({
        models: count(),
        views: sql<number>`coalesce(sum(${models.views}), 0)`.mapWith(Number),
        likes: sql<number>`coalesce(sum(${models.likes}), 0)`.mapWith(Number),
        sales: sql<number>`coalesce(sum(${models.sales}), 0)`.mapWith(Number),
      })
      .from(models)
      .where(eq(models.designerId, sellerId)),
    db
      .select({ n: count() })
      .from(downloadEvents)
      .innerJoin(models, eq(models.id, downloadEvents.modelId))
      .where(eq(models.designerId, sellerId)),
  ]);
  return {
    models: counters?.models ?? 0,
    views: counters?.views ?? 0,
    likes: counters?.likes ?? 0,
    sales: counters?.sales ?? 0,
    downloads: downloads?.n ?? 0,
  };
}

/** Visitors of the seller's models (or of one of them) per bucket: each visitor once per model and day. */
export async function findViewBuckets(
  sellerId: number,
  period: Period,
  modelId?: number,
): Promise<BucketRow[]> {
  const db = await getDb();
  return db
    .select({ bucket: dateBucket(modelViewVisits.day, period.unit), value: count() })
    .from(modelViewVisits)
    .innerJoin(models, eq(models.id, modelViewVisits.modelId))
    .where(
      and(
        eq(models.designerId, sellerId),
        modelId === undefined ? undefined : eq(modelViewVisits.modelId, modelId),
        gte(modelViewVisits.day, period.startDay),
        lt(modelViewVisits.day, period.endDay),
      ),
    )
    .groupBy(sql`1`);
}

/** Downloads of the seller's models (or of one of them) per bucket. */
export async function findDownloadBuckets(
  sellerId: number,
  period: Period,
  modelId?: number,
): Promise<BucketRow[]> {
  const db = await getDb();
  return db
    .select({ bucket: timestampBucket(downloadEvents.createdAt, period.unit), value: count() })
    .from(downloadEvents)
    .innerJoin(models, eq(models.id, downloadEvents.modelId))
    .where(
      and(
        eq(models.designerId, sellerId),
        modelId === undefined ? undefined : eq(downloadEvents.modelId, modelId),
        gte(downloadEvents.createdAt, period.start),
        lt(downloadEvents.createdAt, period.end),
      ),
    )
    .groupBy(sql`1`);
}
