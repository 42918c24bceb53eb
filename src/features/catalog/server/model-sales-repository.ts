/** A model's sales count, for the "best selling" sort: orders count a sale when an order is paid. */
import { inArray, sql } from 'drizzle-orm';

import type { Transaction } from '@/server/db/client';

import { models } from './schema';

/** One more sale of each model (inside the payment's transaction). */
export async function addModelSales(tx: Transaction, modelIds: number[]): Promise<void> {
  if (modelIds.length === 0) return;
  await tx
    .update(models)
    .set({ sales: sql`${models.sales} + 1` })
    .where(inArray(models.id, modelIds));
}
