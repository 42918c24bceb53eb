/** The custom-model service's only access to Drizzle: requests, their files and events; reads of their orders. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';

import { designerProfiles } from '@/features/designers/server/api';
import { orders } from '@/features/orders/server/api';
import { getDb, type Transaction } from '@/server/db/client';
import { users } from '@/server/db/schema/users';

import { stepOf, type CustomModelStatus } from '../custom-model-lifecycle';
import type {
  CustomModelEventDto,
  CustomModelFileDto,
  CustomModelRequestDto,
  CustomModelRequestInput,
  CustomModelSummaryDto,
  DesignerChoiceDto,
} from '../schemas';
import { customModelEvents, customModelFiles, customModelRequests } from './schema';

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

/** The request an order pays for; null when there is none. */
export async function findRequestPaidBy(orderId: number): Promise<RequestAccess | null> {
  const db = await getDb();
  const [row] = await db
    .select(accessColumns)
    .from(customModelRequests)
    .where(eq(customModelRequests.orderId, orderId));
  return row ?? null;
}

/** The request, locked until the transaction ends; null when there is none. */
export async function lockRequest(tx: Transaction, id: number): Promise<RequestAccess | null> {
  const [row] = await tx
    .select(accessColumns)
    .from(customModelRequests)
    .where(eq(customModelRequests.id, id))
    .for('update');
  return row ?? null;
}

/** The request's next event, numbered after its last one. */
export async function appendEvent(
  tx: Transaction,
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

/** A new request awaiting payment, with its first event. */
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

export type RequestChanges = Partial<
  Pick<typeof customModelRequests.$inferInsert, 'designerId' | 'round' | 'note' | 'paidAt' | 'approvedAt'>
>;

/** Writes the request's new status (checked by the caller against the lifecycle) with its other changes. */
export async function updateRequestStatus(
  tx: Transaction,
  id: number,
  status: CustomModelStatus,
  changes: RequestChanges,
  now: Date,
): Promise<void> {
  await tx
    .update(customModelRequests)
    .set({ ...changes, status, updatedAt: now })
    .where(eq(customModelRequests.id, id));
}

/** Links the request to the order that pays for it. */
export async function linkRequestOrder(tx: Transaction, id: number, orderId: number, now: Date) {
  await tx.update(customModelRequests).set({ orderId, updatedAt: now }).where(eq(customModelRequests.id, id));
}

/** How many product links and reference pictures the request has. */
export async function countReferences(
  tx: Transaction,
  requestId: number,
): Promise<{ links: number; images: number } | null> {
  const [references] = await tx
    .select({
      links: sql<number>`cardinality(${customModelRequests.referenceLinks})`,
      images: sql<number>`(select count(*)::int from ${customModelFiles} where ${customModelFiles.requestId} = ${requestId} and ${customModelFiles.kind} = 'reference')`,
    })
    .from(customModelRequests)
    .where(eq(customModelRequests.id, requestId));
  return references ? { links: Number(references.links), images: Number(references.images) } : null;
}

/** The state of the order linked to a request, and the payment attempt that created it. */
export async function findLinkedOrder(tx: Transaction, orderId: number) {
  const [linked] = await tx
    .select({ status: orders.status, idempotencyKey: orders.idempotencyKey })
    .from(orders)
    .where(eq(orders.id, orderId));
  return linked ?? null;
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
