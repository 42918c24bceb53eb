/** What a free download reads: the model (public and free) and whether the user already owns it. */
import { and, eq, inArray, sql } from 'drizzle-orm';

import { models, publishedModel } from '@/features/catalog/server/api';
import type { Transaction } from '@/server/db/client';

import { ownedStatuses } from '../order-lifecycle';
import { orderLines, orders } from './schema';

/** A public model with what its order line records; null when there is no such public model. */
export async function findPublicModelForOrder(tx: Transaction, modelId: number) {
  const [row] = await tx
    .select({
      modelId: models.id,
      designerId: models.designerId,
      title: models.title,
      licence: models.licence,
      priceCents: models.priceCents,
      saleDiscountCents: models.saleDiscountCents,
    })
    .from(models)
    .where(and(eq(models.id, modelId), publishedModel));
  return row ?? null;
}

/** The id of the user's paid or fulfilled order holding this model, if there is one. */
export async function findOwningOrderId(
  tx: Transaction,
  userId: number,
  modelId: number,
): Promise<number | null> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orderLines.modelId, modelId),
        inArray(orders.status, [...ownedStatuses]),
      ),
    )
    .orderBy(sql`${orders.id}`)
    .limit(1);
  return row?.id ?? null;
}
