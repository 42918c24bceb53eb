import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';

import { models, publishedModel } from '@/features/catalog/server/api';
import { ownedStatuses } from '@/features/orders/api';
import { orderLines, orders } from '@/features/orders/server/api';
import { getDb, type Database, type Transaction } from '@/server/db/client';
import { sessions } from '@/server/db/schema/accounts';
import { users } from '@/server/db/schema/users';

import { cartItemLimit, type AddToCartOutcome, type CartLineDto, type CartOwner } from '../schemas';
import { cartItems, recentlyViewed, wishlistItems } from './schema';

function ownedBy(owner: CartOwner) {
  return 'userId' in owner ? eq(cartItems.userId, owner.userId) : eq(cartItems.sessionId, owner.sessionId);
}

/** Locks the owner's row, so that concurrent changes of one cart run one after the other. */
async function lockOwner(tx: Transaction, owner: CartOwner): Promise<void> {
  if ('userId' in owner)
    await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('update');
  else
    await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, owner.sessionId)).for('update');
}

/** The models the user has bought (paid or fulfilled orders), as a subquery. */
function purchasedBy(db: Pick<Database, 'select'>, userId: number) {
  return db
    .select({ modelId: orderLines.modelId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...ownedStatuses])));
}

/** Models of `modelIds` the user has bought (paid or fulfilled orders). */
async function purchasedAmong(
  tx: Transaction | Database,
  userId: number,
  modelIds: number[],
): Promise<Set<number>> {
  if (modelIds.length === 0) return new Set();
  const rows = await tx
    .select({ modelId: orderLines.modelId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, [...ownedStatuses]),
        inArray(orderLines.modelId, modelIds),
      ),
    );
  return new Set(rows.map((r) => r.modelId));
}

export async function findModelTitle(modelId: number): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ title: models.title })
    .from(models)
    .where(and(eq(models.id, modelId), publishedModel));
  return row?.title ?? null;
}

export async function insertCartItem(
  owner: CartOwner,
  modelId: number,
  now: Date,
): Promise<AddToCartOutcome> {
  const db = await getDb();
  return db.transaction((tx) => insertCartItemIn(tx, owner, modelId, now));
}

/**
 * Inside another feature's transaction (an accepted price offer, decision 0037): adds a model to a
 * signed-in user's cart, with the same checks as "Add to cart".
 */
export function putInCart(tx: Transaction, userId: number, modelId: number, now: Date) {
  return insertCartItemIn(tx, { userId }, modelId, now);
}

async function insertCartItemIn(
  tx: Transaction,
  owner: CartOwner,
  modelId: number,
  now: Date,
): Promise<AddToCartOutcome> {
  await lockOwner(tx, owner);
  if ('userId' in owner && (await purchasedAmong(tx, owner.userId, [modelId])).size > 0) {
    return 'already_purchased';
  }
  const [present] = await tx
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(and(ownedBy(owner), eq(cartItems.modelId, modelId)));
  if (present) return 'already_in_cart';
  const [{ n }] = (await tx.select({ n: count() }).from(cartItems).where(ownedBy(owner))) as [{ n: number }];
  if (n >= cartItemLimit) return 'limit_reached';
  await tx.insert(cartItems).values({ ...owner, modelId, addedAt: now });
  return 'added';
}

export async function deleteCartItem(owner: CartOwner, modelId: number): Promise<void> {
  const db = await getDb();
  await db.delete(cartItems).where(and(ownedBy(owner), eq(cartItems.modelId, modelId)));
}

export async function countCartItems(owner: CartOwner): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(cartItems).where(ownedBy(owner));
  return Number(row?.n ?? 0);
}

export async function findCartLines(
  owner: CartOwner,
): Promise<Omit<CartLineDto, 'offerCents' | 'offerExpiresAt'>[]> {
  const db = await getDb();
  return db
    .select({
      modelId: models.id,
      title: models.title,
      priceCents: models.priceCents,
      saleDiscountCents: models.saleDiscountCents,
      saleEndsAt: models.saleEndsAt,
      walletEligible: models.walletEligible,
      addedAt: cartItems.addedAt,
    })
    .from(cartItems)
    .innerJoin(models, eq(models.id, cartItems.modelId))
    .where(ownedBy(owner))
    .orderBy(cartItems.addedAt, cartItems.id);
}

/**
 * Moves a guest session's cart into the user's at log-in: items already there or already bought are
 * dropped, and the user's cart stays within the limit.
 */
export async function moveGuestCart(sessionId: string, userId: number): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockOwner(tx, { userId });
    const guest = await tx
      .select({ modelId: cartItems.modelId })
      .from(cartItems)
      .where(eq(cartItems.sessionId, sessionId))
      .orderBy(cartItems.addedAt, cartItems.id);
    const ids = guest.map((g) => g.modelId);
    const bought = await purchasedAmong(tx, userId, ids);
    const present = new Set(
      ids.length === 0
        ? []
        : (
            await tx
              .select({ modelId: cartItems.modelId })
              .from(cartItems)
              .where(and(eq(cartItems.userId, userId), inArray(cartItems.modelId, ids)))
          ).map((r) => r.modelId),
    );
    const [{ n }] = (await tx.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId))) as [
      { n: number },
    ];
    const moving = ids
      .filter((id) => !bought.has(id) && !present.has(id))
      .slice(0, Math.max(0, cartItemLimit - n));
    if (moving.length > 0) {
      await tx.insert(cartItems).values(moving.map((modelId) => ({ userId, modelId })));
    }
    await tx.delete(cartItems).where(eq(cartItems.sessionId, sessionId));
    return moving.length;
  });
}

/** At checkout (inside its transaction): models the user bought meanwhile, in another tab, leave the cart. */
export async function deletePurchasedCartItems(tx: Transaction, userId: number): Promise<void> {
  await tx
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.modelId, purchasedBy(tx, userId))));
}

/** A model left the marketplace (its seller unpublished it, or it went back to review): no cart holds it. */
export async function deleteModelFromCarts(tx: Transaction, modelId: number): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.modelId, modelId));
}

/** The cart became an order (inside the checkout's transaction). */
export async function emptyCart(tx: Transaction, userId: number): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
}

/** The payment of these models failed: they go back to the user's cart (the ones not there already). */
export async function returnToCart(
  tx: Transaction,
  userId: number,
  modelIds: number[],
  now: Date,
): Promise<void> {
  if (modelIds.length === 0) return;
  await tx
    .insert(cartItems)
    .values(modelIds.map((modelId) => ({ userId, modelId, addedAt: now })))
    .onConflictDoNothing();
}

export async function insertWishlistItem(userId: number, modelId: number): Promise<void> {
  const db = await getDb();
  await db.insert(wishlistItems).values({ userId, modelId }).onConflictDoNothing();
}

export async function deleteWishlistItem(userId: number, modelId: number): Promise<void> {
  const db = await getDb();
  await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.modelId, modelId)));
}

export async function findWishlistModelIds(userId: number, limit: number): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .select({ modelId: wishlistItems.modelId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.addedAt))
    .limit(limit);
  return rows.map((r) => r.modelId);
}

/** Remembers that a user opened a model; only the last 50 are kept. */
export async function upsertRecentlyViewed(userId: number, modelId: number, now: Date): Promise<void> {
  const db = await getDb();
  await db
    .insert(recentlyViewed)
    .values({ userId, modelId, viewedAt: now })
    .onConflictDoUpdate({ target: [recentlyViewed.userId, recentlyViewed.modelId], set: { viewedAt: now } });
  await db.execute(sql`
    delete from recently_viewed where user_id = ${userId} and model_id not in (
      select model_id from recently_viewed where user_id = ${userId} order by viewed_at desc limit 50)`);
}

export async function findRecentlyViewedModelIds(userId: number, limit: number): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .select({ modelId: recentlyViewed.modelId })
    .from(recentlyViewed)
    .where(eq(recentlyViewed.userId, userId))
    .orderBy(desc(recentlyViewed.viewedAt))
    .limit(limit);
  return rows.map((r) => r.modelId);
}

/** Where a model stands for a visitor: in their cart, on their wishlist, bought. */
export async function findModelCartState(
  owner: CartOwner | null,
  userId: number | null,
  modelId: number,
): Promise<{ inCart: boolean; wished: boolean; purchased: boolean }> {
  const db = await getDb();
  const [inCart] = owner
    ? await db
        .select({ id: cartItems.id })
        .from(cartItems)
        .where(and(ownedBy(owner), eq(cartItems.modelId, modelId)))
    : [];
  if (userId === null) return { inCart: Boolean(inCart), wished: false, purchased: false };
  const [wished] = await db
    .select({ modelId: wishlistItems.modelId })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.modelId, modelId)));
  const purchased = (await purchasedAmong(db, userId, [modelId])).size > 0;
  return { inCart: Boolean(inCart), wished: Boolean(wished), purchased };
}
