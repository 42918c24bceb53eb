/** The custom-model service's only access to Drizzle: requests, their files and events, payments. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';

import { assertCustomModelTransition, stepOf, type CustomModelStatus } from '@/features/custom-models/custom-model-lifecycle';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';

import { LifecycleTransitionError } from '@/lib/lifecycle';
import { assertTransition } from '@/features/orders/api';
import { platformFeeCents } from '@/features/orders/server/api';
import { getDb } from '@/server/db/client';
import { designerEarnings, orders } from '@/features/orders/server/api';
import { customModelEvents, customModelFiles, customModelRequests } from '@/features/custom-models/server/schema';
import { designerProfiles } from '@/features/designers/server/api';
import { users } from '@/server/db/schema/users';
import { AppError } from '@/server/errors';
import type { PaymentProvider } from '@/features/orders/server/api';
import { fulfilServiceOrder, insertPendingServiceOrder } from '@/features/orders/server/api';

import type {
  CustomModelEventDto,
  CustomModelFileDto,
  CustomModelRequestDto,
  CustomModelRequestInput,
  CustomModelSummaryDto,
  DesignerChoiceDto,
} from '../schemas';

type Db = Awaited<ReturnType<typeof getDb>>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const buyers = alias(users, 'buyers');
const designers = alias(users, 'designers');
const nameOf = (table: { displayName: AnyPgColumn; username: AnyPgColumn }) =>
  sql<string>`coalesce(${table.displayName}, ${table.username})`;

export interface RequestAccess {
  id: number;
  buyerId: number;
  designerId: number | null;
  status: CustomModelStatus;
  round: number;
  priceCents: number;
  orderId: number | null;
  title: string;
}

const accessColumns = {
  id: customModelRequests.id,
  buyerId: customModelRequests.buyerId,
  designerId: customModelRequests.designerId,
  status: customModelRequests.status,
  round: customModelRequests.round,
  priceCents: customModelRequests.priceCents,
  orderId: customModelRequests.orderId,
  title: customModelRequests.title,
};

export async function findRequestAccess(id: number): Promise<RequestAccess | null> {
  const db = await getDb();
  const [row] = await db
    .select(accessColumns)
    .from(customModelRequests)
    .where(eq(customModelRequests.id, id));
  return row ?? null;
}

async function appendEvent(
  tx: Tx,
  requestId: number,
  status: CustomModelStatus,
  actorId: number | null,
  note: string | null,
  now: Date,
) {
  await tx.insert(customModelEvents).values({
    requestId,
    position: sql`(select coalesce(max(${customModelEvents.position}), 0) + 1 from ${customModelEvents} where ${customModelEvents.requestId} = ${requestId})`,
    status,
    actorId,
    note,
    createdAt: now,
  });
}

export async function insertRequest(
  buyerId: number,
  value: CustomModelRequestInput,
  priceCents: number,
  now: Date,
): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customModelRequests)
      .values({
        buyerId,
        title: value.title,
        description: value.description,
        complexity: value.complexity,
        fileFormats: value.fileFormats,
        referenceLinks: value.referenceLinks,
        priceCents,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: customModelRequests.id });
    await appendEvent(tx, row!.id, 'awaiting_payment', buyerId, null, now);
    return row!.id;
  });
}

/**
 * Locks the request, lets `check` refuse (it throws), asserts the lifecycle step, applies `patch`
 * and appends the event: one transaction, so two racing actions see each other's outcome.
 */
export async function transitionRequest(
  id: number,
  to: CustomModelStatus,
  {
    actorId,
    note = null,
    now,
    check,
    patch = {},
    after,
  }: {
    actorId: number;
    note?: string | null;
    now: Date;
    check: (row: RequestAccess) => void;
    patch?:
      | Partial<typeof customModelRequests.$inferInsert>
      | ((row: RequestAccess) => Partial<typeof customModelRequests.$inferInsert>);
    after?: (tx: Tx, row: RequestAccess) => Promise<void>;
  },
): Promise<RequestAccess> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select(accessColumns)
      .from(customModelRequests)
      .where(eq(customModelRequests.id, id))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', 'No such request');
    check(row);
    try {
      assertCustomModelTransition(row.status, to);
    } catch (error) {
      if (error instanceof LifecycleTransitionError)
        throw new AppError('CONFLICT', `The request is ${row.status}: it cannot become ${to}`);
      throw error;
    }
    const extra = typeof patch === 'function' ? patch(row) : patch;
    await tx
      .update(customModelRequests)
      .set({ ...extra, status: to, updatedAt: now })
      .where(eq(customModelRequests.id, id));
    await appendEvent(tx, id, to, actorId, note, now);
    if (after) await after(tx, row);
    return { ...row, ...extra, status: to } as RequestAccess;
  });
}

export async function countFiles(
  requestId: number,
  kind: 'reference' | 'result',
  round: number,
): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(customModelFiles)
    .where(
      and(
        eq(customModelFiles.requestId, requestId),
        eq(customModelFiles.kind, kind),
        eq(customModelFiles.round, round),
      ),
    );
  return row?.count ?? 0;
}

export async function insertFile(file: {
  requestId: number;
  kind: 'reference' | 'result';
  round: number;
  fileName: string;
  storageKey: string;
  contentType: string;
  sizeBytes: number;
  now: Date;
}): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .insert(customModelFiles)
    .values({ ...file, createdAt: file.now })
    .returning({ id: customModelFiles.id });
  return row!.id;
}

/** Deletes a reference picture of a request; its storage key, or null when there is none. */
export async function deleteReferenceFile(requestId: number, fileId: number): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .delete(customModelFiles)
    .where(
      and(
        eq(customModelFiles.id, fileId),
        eq(customModelFiles.requestId, requestId),
        eq(customModelFiles.kind, 'reference'),
      ),
    )
    .returning({ storageKey: customModelFiles.storageKey });
  return row?.storageKey ?? null;
}

export type PaymentStart =
  { kind: 'charge'; order: { id: number; totalCents: number } } | { kind: 'already_paid'; orderId: number };

/**
 * The payment's first half, under a lock on the request: a pending service order for its price (or
 * the one of the same attempt, `idempotencyKey`), linked to the request. Another attempt's order still
 * pending is a CONFLICT (a second concurrent payment); a paid request answers `already_paid`.
 */
export async function startRequestPayment(
  requestId: number,
  buyerId: number,
  idempotencyKey: string,
  provider: PaymentProvider['name'],
  now: Date,
): Promise<PaymentStart> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select(accessColumns)
      .from(customModelRequests)
      .where(eq(customModelRequests.id, requestId))
      .for('update');
    if (!row || row.buyerId !== buyerId) throw new AppError('NOT_FOUND', 'No such request');
    if (row.status !== 'awaiting_payment') {
      if (row.status !== 'cancelled' && row.orderId !== null)
        return { kind: 'already_paid', orderId: row.orderId };
      throw new AppError('CONFLICT', 'The request cannot be paid');
    }
    const [references] = await tx
      .select({
        links: sql<number>`cardinality(${customModelRequests.referenceLinks})`,
        images: sql<number>`(select count(*)::int from ${customModelFiles} where ${customModelFiles.requestId} = ${requestId} and ${customModelFiles.kind} = 'reference')`,
      })
      .from(customModelRequests)
      .where(eq(customModelRequests.id, requestId));
    if (!references || (Number(references.links) === 0 && Number(references.images) === 0))
      throw new AppError('BAD_REQUEST', 'references_required');
    if (row.orderId !== null) {
      const [linked] = await tx
        .select({ status: orders.status, idempotencyKey: orders.idempotencyKey })
        .from(orders)
        .where(eq(orders.id, row.orderId));
      // Paid already (the request is marked submitted just after the charge): never a second charge.
      if (linked?.status === 'paid' || linked?.status === 'fulfilled')
        return { kind: 'already_paid', orderId: row.orderId };
      if (linked?.status === 'pending' && linked.idempotencyKey !== idempotencyKey)
        throw new AppError('CONFLICT', 'A payment of this request is in progress');
    }
    const order = await insertPendingServiceOrder(tx, {
      userId: buyerId,
      kind: 'custom_model',
      amountCents: row.priceCents,
      idempotencyKey,
      paymentProvider: provider,
      now,
    });
    if (order.status === 'paid' || order.status === 'fulfilled')
      return { kind: 'already_paid', orderId: order.id };
    if (order.status !== 'pending') throw new AppError('CONFLICT', 'This payment attempt already failed');
    if (order.created)
      await tx
        .update(customModelRequests)
        .set({ orderId: order.id, updatedAt: now })
        .where(eq(customModelRequests.id, requestId));
    return { kind: 'charge', order: { id: order.id, totalCents: order.totalCents } };
  });
}

/** A paid order makes its request submitted (once; a second report of the same payment changes nothing). */
export async function markRequestPaid(
  requestId: number,
  orderId: number,
  buyerId: number,
  now: Date,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select(accessColumns)
      .from(customModelRequests)
      .where(eq(customModelRequests.id, requestId))
      .for('update');
    if (!row || row.orderId !== orderId || row.status !== 'awaiting_payment') return;
    assertCustomModelTransition(row.status, 'submitted');
    await tx
      .update(customModelRequests)
      .set({ status: 'submitted', paidAt: now, updatedAt: now })
      .where(eq(customModelRequests.id, requestId));
    await appendEvent(tx, requestId, 'submitted', buyerId, null, now);
  });
}

/** Approval's bookkeeping inside its transaction: the order fulfilled, the designer paid once. */
export async function payDesignerForRequest(tx: Tx, row: RequestAccess, now: Date): Promise<void> {
  if (row.orderId === null || row.designerId === null)
    throw new AppError('CONFLICT', 'The request is not paid or assigned');
  await fulfilServiceOrder(tx, row.orderId, now);
  await tx.insert(designerEarnings).values([
    {
      designerId: row.designerId,
      kind: 'custom_model_payment',
      amountCents: row.priceCents,
      orderId: row.orderId,
      customModelRequestId: row.id,
      createdAt: now,
    },
    {
      designerId: row.designerId,
      kind: 'platform_fee',
      amountCents: -platformFeeCents(row.priceCents),
      orderId: row.orderId,
      customModelRequestId: row.id,
      createdAt: now,
    },
  ]);
}

/** A cancelled paid request's order becomes refunded (inside the cancel's transaction): its payment reference. */
export async function refundRequestOrder(
  tx: Tx,
  orderId: number,
  now: Date,
): Promise<{ reference: string | null; totalCents: number } | null> {
  const [order] = await tx
    .select({
      status: orders.status,
      paymentReference: orders.paymentReference,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order || (order.status !== 'paid' && order.status !== 'fulfilled')) return null;
  assertTransition(order.status, 'refunded');
  await tx.update(orders).set({ status: 'refunded', updatedAt: now }).where(eq(orders.id, orderId));
  return { reference: order.paymentReference, totalCents: order.totalCents };
}

export async function isSelectableDesigner(userId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(designerProfiles, eq(designerProfiles.userId, users.id))
    .where(
      and(
        eq(users.id, userId),
        sql`'seller' = any(${users.roles})`,
        eq(designerProfiles.acceptsCustomRequests, true),
      ),
    );
  return Boolean(row);
}

export async function findDesignerChoices(): Promise<DesignerChoiceDto[]> {
  const db = await getDb();
  return (
    db
      .select({
        id: users.id,
        name: nameOf(users),
        rating: designerProfiles.rating,
        ratingCount: designerProfiles.ratingCount,
        projectsDone: designerProfiles.projectsDone,
      })
      .from(users)
      .innerJoin(designerProfiles, eq(designerProfiles.userId, users.id))
      .where(and(sql`'seller' = any(${users.roles})`, eq(designerProfiles.acceptsCustomRequests, true)))
      // Designers who already work for the service first, then the best rated; a select stays short.
      .orderBy(
        desc(
          sql`(select count(*) from ${customModelRequests} where ${customModelRequests.designerId} = ${users.id})`,
        ),
        desc(designerProfiles.rating),
        desc(designerProfiles.projectsDone),
        asc(users.username),
      )
      .limit(200)
  );
}

export async function findRequestDetail(id: number): Promise<CustomModelRequestDto | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: customModelRequests.id,
      buyerId: customModelRequests.buyerId,
      buyerName: nameOf(buyers),
      title: customModelRequests.title,
      description: customModelRequests.description,
      complexity: customModelRequests.complexity,
      fileFormats: customModelRequests.fileFormats,
      referenceLinks: customModelRequests.referenceLinks,
      priceCents: customModelRequests.priceCents,
      status: customModelRequests.status,
      orderId: customModelRequests.orderId,
      orderStatus: orders.status,
      designerId: customModelRequests.designerId,
      designerName: sql<string | null>`coalesce(${designers.displayName}, ${designers.username})`,
      note: customModelRequests.note,
      round: customModelRequests.round,
      createdAt: customModelRequests.createdAt,
      paidAt: customModelRequests.paidAt,
      approvedAt: customModelRequests.approvedAt,
    })
    .from(customModelRequests)
    .innerJoin(buyers, eq(buyers.id, customModelRequests.buyerId))
    .leftJoin(designers, eq(designers.id, customModelRequests.designerId))
    .leftJoin(orders, eq(orders.id, customModelRequests.orderId))
    .where(eq(customModelRequests.id, id));
  return row ? { ...row, step: stepOf(row.status) } : null;
}

export async function findRequestFiles(id: number): Promise<CustomModelFileDto[]> {
  const db = await getDb();
  return db
    .select({
      id: customModelFiles.id,
      kind: customModelFiles.kind,
      round: customModelFiles.round,
      fileName: customModelFiles.fileName,
      contentType: customModelFiles.contentType,
      sizeBytes: customModelFiles.sizeBytes,
    })
    .from(customModelFiles)
    .where(eq(customModelFiles.requestId, id))
    .orderBy(asc(customModelFiles.round), asc(customModelFiles.id));
}

export async function findRequestEvents(id: number): Promise<CustomModelEventDto[]> {
  const db = await getDb();
  return db
    .select({
      position: customModelEvents.position,
      status: customModelEvents.status,
      actorName: sql<string | null>`coalesce(${users.displayName}, ${users.username})`,
      note: customModelEvents.note,
      createdAt: customModelEvents.createdAt,
    })
    .from(customModelEvents)
    .leftJoin(users, eq(users.id, customModelEvents.actorId))
    .where(eq(customModelEvents.requestId, id))
    .orderBy(asc(customModelEvents.position));
}

export async function findFileForDownload(fileId: number) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: customModelFiles.id,
      kind: customModelFiles.kind,
      fileName: customModelFiles.fileName,
      storageKey: customModelFiles.storageKey,
      contentType: customModelFiles.contentType,
      sizeBytes: customModelFiles.sizeBytes,
      buyerId: customModelRequests.buyerId,
      designerId: customModelRequests.designerId,
    })
    .from(customModelFiles)
    .innerJoin(customModelRequests, eq(customModelRequests.id, customModelFiles.requestId))
    .where(eq(customModelFiles.id, fileId));
  return row ?? null;
}

const summaryColumns = {
  id: customModelRequests.id,
  title: customModelRequests.title,
  complexity: customModelRequests.complexity,
  status: customModelRequests.status,
  priceCents: customModelRequests.priceCents,
  buyerName: nameOf(buyers),
  designerName: sql<string | null>`coalesce(${designers.displayName}, ${designers.username})`,
  round: customModelRequests.round,
  createdAt: customModelRequests.createdAt,
  updatedAt: customModelRequests.updatedAt,
};

export async function findSummaries(where: {
  buyerId?: number;
  statuses?: CustomModelStatus[];
}): Promise<CustomModelSummaryDto[]> {
  const db = await getDb();
  const rows = await db
    .select(summaryColumns)
    .from(customModelRequests)
    .innerJoin(buyers, eq(buyers.id, customModelRequests.buyerId))
    .leftJoin(designers, eq(designers.id, customModelRequests.designerId))
    .where(
      and(
        where.buyerId !== undefined ? eq(customModelRequests.buyerId, where.buyerId) : undefined,
        where.statuses ? inArray(customModelRequests.status, where.statuses) : undefined,
      ),
    )
    .orderBy(desc(customModelRequests.createdAt), desc(customModelRequests.id))
    .limit(200);
  return rows.map((row) => ({ ...row, step: stepOf(row.status) }));
}

export async function countRequestsWaitingForAdmin(): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(customModelRequests)
    .where(inArray(customModelRequests.status, ['submitted', 'in_qa']));
  return row?.count ?? 0;
}
