import { and, desc, eq, gt, inArray, or, sql, sum } from 'drizzle-orm';

import { priceCart, type PricingRules } from '@/features/orders/cart-pricing';
import {
  balanceOf,
  dueExpiries,
  loyaltyLevelOf,
  pointsEarnedFor,
  refundAdjustment,
  type LedgerEntry,
} from '@/features/orders/points-ledger';
import type { LoyaltyRules } from '@/features/orders/server/commerce-rules';
import { getDb, type Database } from '@/server/db/client';
import { readLedger, readLifetimeSpending } from '@/features/orders/server/ledger-repository';
import { teamMembers } from '@/features/business/server/api';
import { downloadEvents } from '@/features/orders/server/schema';
import { models, modelFiles } from '@/features/catalog/server/api';
import { cartItems } from '@/features/cart/server/api';
import { coupons, orderLines, orders, pointsLedger } from '@/features/orders/server/schema';
import { users } from '@/server/db/schema/users';
import { AppError } from '@/server/errors';

import { assertTransition, ownedStatuses } from '@/features/orders/order-lifecycle';
import type { OrderDto, OrderLineDto } from '../schemas';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The teammates of `userId` in their business team (themselves included); none outside a team. */
function teammatesOf(db: Pick<Database, 'select'>, userId: number) {
  return db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(
      inArray(
        teamMembers.teamId,
        db.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId)),
      ),
    );
}

const orderColumns = {
  id: orders.id,
  userId: orders.userId,
  status: orders.status,
  subtotalCents: orders.subtotalCents,
  saleDiscountCents: orders.saleDiscountCents,
  couponCode: orders.couponCode,
  couponDiscountCents: orders.couponDiscountCents,
  creditsCents: orders.creditsCents,
  totalCents: orders.totalCents,
  failureReason: orders.failureReason,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
};

const lineColumns = {
  id: orderLines.id,
  modelId: orderLines.modelId,
  designerId: orderLines.designerId,
  title: orderLines.title,
  licence: orderLines.licence,
  priceCents: orderLines.priceCents,
  saleDiscountCents: orderLines.saleDiscountCents,
  couponDiscountCents: orderLines.couponDiscountCents,
  creditsCents: orderLines.creditsCents,
  finalCents: orderLines.finalCents,
};

/** Writes the expiries due by `now`; the entries after them. */
async function expireDuePoints(tx: Tx, userId: number, now: Date): Promise<LedgerEntry[]> {
  const entries = await readLedger(tx, userId);
  const due = dueExpiries(entries, now);
  if (due.length === 0) return entries;
  await tx.insert(pointsLedger).values(
    due.map((expiry) => ({
      userId,
      kind: 'expired' as const,
      amountCents: expiry.amountCents,
      expiresEntryId: expiry.entryId,
      createdAt: now,
    })),
  );
  return readLedger(tx, userId);
}

/** A deal or enterprise coupon still valid at `now`, by its code. */
export async function findValidCoupon(
  code: string,
  now: Date,
  tx?: Tx,
): Promise<{ code: string; percentOff: number } | null> {
  const db = tx ?? (await getDb());
  const [row] = await db
    .select({ code: coupons.code, percentOff: coupons.percentOff })
    .from(coupons)
    .where(and(eq(coupons.code, code), gt(coupons.expiresAt, now)));
  return row ?? null;
}

export type PendingOrder =
  | { kind: 'existing'; order: { id: number; status: OrderDto['status'] } }
  | { kind: 'created'; order: { id: number; totalCents: number } };

/**
 * Turns the user's cart into a pending order, in one transaction under a lock on the user: an order
 * with the same idempotency key is returned instead; an empty cart (a concurrent checkout took it) or a
 * total other than the one the buyer saw is a CONFLICT. Credits spent are written to the ledger now
 * (returned if the payment fails), after the expiries due.
 */
export async function createPendingOrder(
  userId: number,
  input: {
    idempotencyKey: string;
    couponCode: string | null;
    useCredits: boolean;
    expectedTotalCents?: number;
  },
  { now, rules, paymentProvider }: { now: Date; rules: PricingRules; paymentProvider: string },
): Promise<PendingOrder> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [existing] = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, input.idempotencyKey)));
    if (existing) return { kind: 'existing', order: existing };

    const owned = tx
      .select({ modelId: orderLines.modelId })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orders.userId, userId), inArray(orders.status, [...ownedStatuses])));
    // Models bought meanwhile (in another tab) leave the cart.
    await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.modelId, owned)));
    const lines = await tx
      .select({
        modelId: models.id,
        designerId: models.designerId,
        title: models.title,
        licence: models.licence,
        priceCents: models.priceCents,
        saleDiscountCents: models.saleDiscountCents,
        saleEndsAt: models.saleEndsAt,
        walletEligible: models.walletEligible,
      })
      .from(cartItems)
      .innerJoin(models, eq(models.id, cartItems.modelId))
      .where(eq(cartItems.userId, userId))
      .orderBy(cartItems.addedAt, cartItems.id);
    if (lines.length === 0) throw new AppError('CONFLICT', 'The cart is empty or is being checked out');

    const coupon = input.couponCode ? await findValidCoupon(input.couponCode, now, tx) : null;
    if (input.couponCode && !coupon)
      throw new AppError('CONFLICT', 'This coupon does not exist or has expired');
    const entries = await expireDuePoints(tx, userId, now);
    const pricing = priceCart({
      lines,
      now,
      rules,
      coupon,
      creditsBalanceCents: balanceOf(entries),
      useCredits: input.useCredits,
    });
    if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== pricing.totalCents) {
      throw new AppError('CONFLICT', 'The cart changed: review it before paying');
    }
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        idempotencyKey: input.idempotencyKey,
        subtotalCents: pricing.subtotalCents,
        saleDiscountCents: pricing.saleDiscountCents,
        couponCode: coupon?.code ?? null,
        couponDiscountCents: pricing.couponDiscountCents,
        creditsCents: pricing.creditsCents,
        totalCents: pricing.totalCents,
        paymentProvider,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id });
    const byModel = new Map(lines.map((line) => [line.modelId, line]));
    await tx.insert(orderLines).values(
      pricing.lines.map((priced) => {
        const line = byModel.get(priced.modelId)!;
        return {
          orderId: order!.id,
          modelId: priced.modelId,
          designerId: line.designerId,
          title: line.title,
          licence: line.licence,
          priceCents: priced.priceCents,
          saleDiscountCents: priced.saleDiscountCents,
          couponDiscountCents: priced.couponDiscountCents,
          creditsCents: priced.creditsCents,
          finalCents: priced.finalCents,
        };
      }),
    );
    await tx.delete(cartItems).where(eq(cartItems.userId, userId));
    if (pricing.creditsCents > 0) {
      await tx.insert(pointsLedger).values({
        userId,
        kind: 'spent',
        amountCents: -pricing.creditsCents,
        orderId: order!.id,
        createdAt: now,
      });
    }
    return { kind: 'created', order: { id: order!.id, totalCents: pricing.totalCents } };
  });
}

async function lockOrder(tx: Tx, orderId: number) {
  const [order] = await tx
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      totalCents: orders.totalCents,
      creditsCents: orders.creditsCents,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) throw new AppError('NOT_FOUND', 'No such order');
  return order;
}

/**
 * The payment went through: pending → paid → fulfilled (downloads open at once), with the credits
 * earned at the buyer's level, the first-purchase gift, and each model's sales count.
 */
export async function markOrderPaid(
  orderId: number,
  paymentReference: string | null,
  { now, loyalty }: { now: Date; loyalty: LoyaltyRules },
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    assertTransition(order.status, 'paid');
    assertTransition('paid', 'fulfilled');
    const previousSpending = await readLifetimeSpending(tx, order.userId);
    await tx
      .update(orders)
      .set({ status: 'fulfilled', paymentReference, paidAt: now, updatedAt: now })
      .where(eq(orders.id, orderId));
    const expiresAt = new Date(now.getTime() + loyalty.creditsExpiryDays * 86_400_000);
    const earned = pointsEarnedFor(order.totalCents, loyaltyLevelOf(previousSpending).earnRatePercent);
    if (earned > 0) {
      // A business team member earns business credits: they never expire (spec §1, §6).
      const [member] = await tx
        .select({ teamId: teamMembers.teamId })
        .from(teamMembers)
        .where(eq(teamMembers.userId, order.userId));
      await tx.insert(pointsLedger).values({
        userId: order.userId,
        kind: 'earned',
        amountCents: earned,
        orderId,
        business: Boolean(member),
        expiresAt: member ? null : expiresAt,
        createdAt: now,
      });
    }
    const [gifted] = await tx
      .select({ id: pointsLedger.id })
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, order.userId), eq(pointsLedger.kind, 'gifted')))
      .limit(1);
    if (!gifted && loyalty.firstPurchaseGiftCents > 0) {
      await tx.insert(pointsLedger).values({
        userId: order.userId,
        kind: 'gifted',
        amountCents: loyalty.firstPurchaseGiftCents,
        orderId,
        expiresAt,
        createdAt: now,
      });
    }
    await tx
      .update(models)
      .set({ sales: sql`${models.sales} + 1` })
      .where(
        inArray(
          models.id,
          tx.select({ id: orderLines.modelId }).from(orderLines).where(eq(orderLines.orderId, orderId)),
        ),
      );
  });
}

/** The payment did not go through: pending → failed; the credits come back and the models return to the cart. */
export async function markOrderFailed(orderId: number, reason: string, now: Date): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    assertTransition(order.status, 'failed');
    await tx
      .update(orders)
      .set({ status: 'failed', failureReason: reason, updatedAt: now })
      .where(eq(orders.id, orderId));
    if (order.creditsCents > 0) {
      await tx.insert(pointsLedger).values({
        userId: order.userId,
        kind: 'refunded',
        amountCents: order.creditsCents,
        orderId,
        createdAt: now,
      });
    }
    const lines = await tx
      .select({ modelId: orderLines.modelId })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId));
    await tx
      .insert(cartItems)
      .values(lines.map((line) => ({ userId: order.userId, modelId: line.modelId, addedAt: now })))
      .onConflictDoNothing();
  });
}

/**
 * A refund of a paid order: → refunded, and one net 'refunded' ledger entry (credits spent come back,
 * credits earned go, never below a zero balance). Returns the order's payment reference.
 */
export async function markOrderRefunded(
  orderId: number,
  now: Date,
): Promise<{ paymentReference: string | null; totalCents: number }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    assertTransition(order.status, 'refunded');
    await tx.update(orders).set({ status: 'refunded', updatedAt: now }).where(eq(orders.id, orderId));
    const entries = await expireDuePoints(tx, order.userId, now);
    const earned = entries
      .filter((e) => e.orderId === orderId && (e.kind === 'earned' || e.kind === 'gifted'))
      .reduce((total, e) => total + e.amountCents, 0);
    const adjustment = refundAdjustment({
      creditsSpentCents: order.creditsCents,
      pointsEarnedCents: earned,
      balanceCents: balanceOf(entries),
    });
    if (adjustment !== 0) {
      await tx
        .insert(pointsLedger)
        .values({ userId: order.userId, kind: 'refunded', amountCents: adjustment, orderId, createdAt: now });
    }
    const [row] = await tx
      .select({ paymentReference: orders.paymentReference })
      .from(orders)
      .where(eq(orders.id, orderId));
    return { paymentReference: row?.paymentReference ?? null, totalCents: order.totalCents };
  });
}

/** An order with its lines, if it is `userId`'s. */
export async function findOrder(orderId: number, userId: number): Promise<OrderDto | null> {
  const db = await getDb();
  const [order] = await db
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) return null;
  const lines: OrderLineDto[] = await db
    .select(lineColumns)
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.id);
  const [earned] = await db
    .select({ total: sum(pointsLedger.amountCents) })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.orderId, orderId), inArray(pointsLedger.kind, ['earned', 'gifted'])));
  return { ...order, lines, pointsEarnedCents: Number(earned?.total ?? 0) };
}

export interface PurchaseDto extends OrderLineDto {
  orderId: number;
  paidAt: Date;
}

/** Every model the user owns, newest purchase first. */
export async function findPurchases(userId: number): Promise<PurchaseDto[]> {
  const db = await getDb();
  const rows = await db
    .select({ ...lineColumns, orderId: orders.id, paidAt: orders.paidAt })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...ownedStatuses])))
    .orderBy(desc(orders.paidAt), orderLines.id);
  return rows.map((row) => ({ ...row, paidAt: row.paidAt ?? new Date(0) }));
}

export interface CertificateDto {
  line: OrderLineDto;
  orderId: number;
  paidAt: Date;
  buyer: { username: string; displayName: string | null };
  designer: { username: string };
}

/** The data of a licence certificate: an order line of `userId`'s paid orders. */
export async function findCertificate(
  orderId: number,
  lineId: number,
  userId: number,
): Promise<CertificateDto | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      ...lineColumns,
      orderId: orders.id,
      paidAt: orders.paidAt,
      buyerUsername: users.username,
      buyerDisplayName: users.displayName,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        eq(orderLines.id, lineId),
        eq(orders.id, orderId),
        eq(orders.userId, userId),
        inArray(orders.status, [...ownedStatuses]),
      ),
    );
  if (!row) return null;
  const [designer] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, row.designerId));
  const { orderId: id, paidAt, buyerUsername, buyerDisplayName, ...line } = row;
  return {
    line,
    orderId: id,
    paidAt: paidAt ?? new Date(0),
    buyer: { username: buyerUsername, displayName: buyerDisplayName },
    designer: { username: designer?.username ?? '' },
  };
}

export interface DownloadFileDto {
  id: number;
  modelId: number;
  fileName: string;
  format: string;
  sizeBytes: number;
}

export async function findModelFiles(modelIds: number[]): Promise<DownloadFileDto[]> {
  if (modelIds.length === 0) return [];
  const db = await getDb();
  return db
    .select({
      id: modelFiles.id,
      modelId: modelFiles.modelId,
      fileName: modelFiles.fileName,
      format: modelFiles.format,
      sizeBytes: modelFiles.sizeBytes,
    })
    .from(modelFiles)
    .where(inArray(modelFiles.modelId, modelIds))
    .orderBy(modelFiles.id);
}

export interface TeamPurchaseDto extends PurchaseDto {
  buyer: { username: string; displayName: string | null };
}

/**
 * The shared library of `userId`'s business team: every model any member owns (newest purchase
 * first, one entry per model, with its buyer). Empty outside a team.
 */
export async function findTeamPurchases(userId: number): Promise<TeamPurchaseDto[]> {
  const db = await getDb();
  const rows = await db
    .select({
      ...lineColumns,
      orderId: orders.id,
      paidAt: orders.paidAt,
      buyerUsername: users.username,
      buyerDisplayName: users.displayName,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(inArray(orders.userId, teammatesOf(db, userId)), inArray(orders.status, [...ownedStatuses])))
    .orderBy(desc(orders.paidAt), orderLines.id);
  const seen = new Set<number>();
  return rows.flatMap(({ buyerUsername, buyerDisplayName, ...row }) => {
    if (seen.has(row.modelId)) return [];
    seen.add(row.modelId);
    return [
      {
        ...row,
        paidAt: row.paidAt ?? new Date(0),
        buyer: { username: buyerUsername, displayName: buyerDisplayName },
      },
    ];
  });
}

/**
 * A model file `userId` may download: one of a model they own, or one a teammate of their business
 * team owns (the shared team library). Null for anyone else.
 */
export async function findOwnedFile(
  fileId: number,
  userId: number,
): Promise<{ modelId: number; fileName: string; storageKey: string; sizeBytes: number } | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      modelId: modelFiles.modelId,
      fileName: modelFiles.fileName,
      storageKey: modelFiles.storageKey,
      sizeBytes: modelFiles.sizeBytes,
    })
    .from(modelFiles)
    .where(
      and(
        eq(modelFiles.id, fileId),
        inArray(
          modelFiles.modelId,
          db
            .select({ modelId: orderLines.modelId })
            .from(orderLines)
            .innerJoin(orders, eq(orders.id, orderLines.orderId))
            .where(
              and(
                or(eq(orders.userId, userId), inArray(orders.userId, teammatesOf(db, userId))),
                inArray(orders.status, [...ownedStatuses]),
              ),
            ),
        ),
      ),
    );
  return row ?? null;
}

/** One download of a bought file, for the seller's analytics. */
export async function insertDownloadEvent(event: { modelId: number; fileId: number; userId: number }) {
  const db = await getDb();
  await db.insert(downloadEvents).values(event);
}

/** Public deals for the coupons page, soonest expiry first. */
export async function findDeals(now: Date): Promise<{ code: string; percentOff: number; expiresAt: Date }[]> {
  const db = await getDb();
  return db
    .select({ code: coupons.code, percentOff: coupons.percentOff, expiresAt: coupons.expiresAt })
    .from(coupons)
    .where(and(eq(coupons.kind, 'deal'), gt(coupons.expiresAt, now)))
    .orderBy(coupons.expiresAt);
}
