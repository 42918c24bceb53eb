/**
 * Price offers (decision 0037): the rows of `price_offers`, and what the cart and checkout read of them
 * through `server/api.ts`. Only these functions write the table.
 */
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';

import { models, publishedModel } from '@/features/catalog/server/api';
import { ownedStatuses } from '@/features/orders/api';
import { orderLines, orders } from '@/features/orders/server/api';
import { getDb, type Database, type Transaction } from '@/server/db/client';

import type { OfferStatus } from '../conversation-types';
import { priceOffers } from './schema';

/** A live offer the buyer accepted, as the cart prices it. */
export interface AcceptedOffer {
  offerId: number;
  modelId: number;
  priceCents: number;
  expiresAt: Date;
}

/**
 * The offers `buyerId` accepted for `modelIds` that have not expired at `now`, by model: the price the
 * cart and checkout charge for those models.
 */
export async function acceptedOffersFor(
  db: Database | Transaction,
  buyerId: number,
  modelIds: number[],
  now: Date,
): Promise<Map<number, AcceptedOffer>> {
  if (modelIds.length === 0) return new Map();
  const rows = await db
    .select({
      offerId: priceOffers.id,
      modelId: priceOffers.modelId,
      priceCents: priceOffers.priceCents,
      expiresAt: priceOffers.expiresAt,
    })
    .from(priceOffers)
    .where(
      and(
        eq(priceOffers.buyerId, buyerId),
        eq(priceOffers.status, 'accepted'),
        gt(priceOffers.expiresAt, now),
        inArray(priceOffers.modelId, modelIds),
      ),
    );
  return new Map(rows.map((row) => [row.modelId, row]));
}

/** Inside checkout's transaction: the offers an order charged are used up by it. */
export async function markOffersOrdered(tx: Transaction, offerIds: number[], orderId: number): Promise<void> {
  if (offerIds.length === 0) return;
  await tx
    .update(priceOffers)
    .set({ status: 'ordered', orderId })
    .where(and(inArray(priceOffers.id, offerIds), eq(priceOffers.status, 'accepted')));
}

/**
 * The order's payment failed: its offers are the buyer's again (until they expire), unless the designer
 * has made a new offer for the model meanwhile.
 */
export async function reopenOffersOfOrder(tx: Transaction, orderId: number): Promise<void> {
  await tx.execute(sql`
    update ${priceOffers} o set status = 'accepted', order_id = null
    where o.order_id = ${orderId} and o.status = 'ordered'
      and not exists (
        select 1 from ${priceOffers} live
        where live.buyer_id = o.buyer_id and live.model_id = o.model_id and live.status in ('open', 'accepted'))`);
}

export interface OfferRow {
  id: number;
  conversationId: number;
  modelId: number;
  designerId: number;
  buyerId: number;
  priceCents: number;
  status: OfferStatus;
  createdAt: Date;
  expiresAt: Date;
  modelTitle: string;
  listPriceCents: number;
}

const offerColumns = {
  id: priceOffers.id,
  conversationId: priceOffers.conversationId,
  modelId: priceOffers.modelId,
  designerId: priceOffers.designerId,
  buyerId: priceOffers.buyerId,
  priceCents: priceOffers.priceCents,
  status: priceOffers.status,
  createdAt: priceOffers.createdAt,
  expiresAt: priceOffers.expiresAt,
  modelTitle: models.title,
  listPriceCents: models.priceCents,
};

/** The offers made in a conversation, newest first. */
export async function selectOffersOfConversation(conversationId: number): Promise<OfferRow[]> {
  const db = await getDb();
  return db
    .select(offerColumns)
    .from(priceOffers)
    .innerJoin(models, eq(models.id, priceOffers.modelId))
    .where(eq(priceOffers.conversationId, conversationId))
    .orderBy(desc(priceOffers.id));
}

/** An offer, locked for the rest of the transaction; null when there is none. */
export async function lockOffer(tx: Transaction, offerId: number): Promise<OfferRow | null> {
  const [row] = await tx
    .select(offerColumns)
    .from(priceOffers)
    .innerJoin(models, eq(models.id, priceOffers.modelId))
    .where(and(eq(priceOffers.id, offerId), publishedModel))
    .for('update', { of: priceOffers });
  return row ?? null;
}

export async function setOfferAccepted(tx: Transaction, offerId: number, now: Date): Promise<void> {
  await tx
    .update(priceOffers)
    .set({ status: 'accepted', acceptedAt: now })
    .where(eq(priceOffers.id, offerId));
}

/** The buyer's live offer for the model (open or accepted, not expired), if any. */
export async function selectLiveOffer(
  tx: Transaction,
  buyerId: number,
  modelId: number,
  now: Date,
): Promise<{ id: number; status: OfferStatus } | null> {
  const [row] = await tx
    .select({ id: priceOffers.id, status: priceOffers.status })
    .from(priceOffers)
    .where(
      and(
        eq(priceOffers.buyerId, buyerId),
        eq(priceOffers.modelId, modelId),
        inArray(priceOffers.status, ['open', 'accepted']),
        gt(priceOffers.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * A new offer: the buyer's earlier open offers for the model (and expired accepted ones) are withdrawn
 * first, so one stays live.
 */
export async function insertOffer(
  tx: Transaction,
  input: {
    conversationId: number;
    modelId: number;
    designerId: number;
    buyerId: number;
    priceCents: number;
    now: Date;
    expiresAt: Date;
  },
): Promise<number> {
  await tx
    .update(priceOffers)
    .set({ status: 'withdrawn' })
    .where(
      and(
        eq(priceOffers.buyerId, input.buyerId),
        eq(priceOffers.modelId, input.modelId),
        inArray(priceOffers.status, ['open', 'accepted']),
      ),
    );
  const [row] = await tx
    .insert(priceOffers)
    .values({
      conversationId: input.conversationId,
      modelId: input.modelId,
      designerId: input.designerId,
      buyerId: input.buyerId,
      priceCents: input.priceCents,
      createdAt: input.now,
      expiresAt: input.expiresAt,
    })
    .returning({ id: priceOffers.id });
  return row!.id;
}

/** The designer's published models with a price: what they can make an offer for. */
export async function selectOfferableModels(designerId: number) {
  const db = await getDb();
  return db
    .select({ id: models.id, title: models.title, priceCents: models.priceCents })
    .from(models)
    .where(and(eq(models.designerId, designerId), publishedModel, gt(models.priceCents, 0)))
    .orderBy(asc(models.title), asc(models.id))
    .limit(500);
}

export async function selectOwnOfferableModel(designerId: number, modelId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ id: models.id, title: models.title, priceCents: models.priceCents })
    .from(models)
    .where(and(eq(models.id, modelId), eq(models.designerId, designerId), publishedModel))
    .limit(1);
  return row ?? null;
}

/** Whether the buyer already owns the model (a paid or fulfilled order). */
export async function buyerOwnsModel(
  db: Database | Transaction,
  buyerId: number,
  modelId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ modelId: orderLines.modelId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.userId, buyerId),
        eq(orderLines.modelId, modelId),
        inArray(orders.status, [...ownedStatuses]),
      ),
    )
    .limit(1);
  return row !== undefined;
}
