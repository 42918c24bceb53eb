/**
 * What checkout reads of the cart, coupons and teams; what a buyer sees of their orders (an order,
 * purchases, licence certificates, downloadable files, deals); the download events. The `orders`
 * table's writes are in order-repository.ts, the loyalty ledger's in ledger-repository.ts.
 */
import { and, desc, eq, gt, inArray, or, sum } from 'drizzle-orm';

import { teamMembers } from '@/features/business/server/api';
import { cartItems } from '@/features/cart/server/api';
import { modelFiles, models, publishedModel } from '@/features/catalog/server/api';
import { getDb, type Database, type Transaction } from '@/server/db/client';
import { users } from '@/server/db/schema/users';

import { ownedStatuses } from '../order-lifecycle';
import type { OrderDto, OrderLineDto } from '../schemas';
import { coupons, downloadEvents, orderLines, orders, pointsLedger } from './schema';

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

/** A deal or enterprise coupon still valid at `now`, by its code. */
export async function findValidCoupon(
  code: string,
  now: Date,
  tx?: Transaction,
): Promise<{ code: string; percentOff: number } | null> {
  const db = tx ?? (await getDb());
  const [row] = await db
    .select({ code: coupons.code, percentOff: coupons.percentOff })
    .from(coupons)
    .where(and(eq(coupons.code, code), gt(coupons.expiresAt, now)));
  return row ?? null;
}

/** Locks the buyer's row, so that one checkout of a user runs at a time. */
export async function lockBuyer(tx: Transaction, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The user's cart with what checkout needs of each model, oldest addition first. */
export async function findCheckoutLines(tx: Transaction, userId: number) {
  return (
    tx
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
      // Only what is on the marketplace is sold (a model unpublished meanwhile changes the total: a conflict).
      .where(and(eq(cartItems.userId, userId), publishedModel))
      .orderBy(cartItems.addedAt, cartItems.id)
  );
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
