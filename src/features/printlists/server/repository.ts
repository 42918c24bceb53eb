/** Printlists' reads and writes (decision 0048). The commands hold the rules; this is SQL only. */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';

import { models, publishedModel } from '@/features/catalog/server/api';
import { getDb, type Transaction } from '@/server/db/client';
import { users } from '@/server/db/schema/users';

import type { PrintlistFields, PrintlistVisibility } from '../api';
import { printlistItems, printlists } from './schema';

export interface PrintlistRow {
  id: number;
  ownerId: number;
  ownerUsername: string;
  title: string;
  description: string;
  visibility: PrintlistVisibility;
  createdAt: Date;
  updatedAt: Date;
}

const rowColumns = {
  id: printlists.id,
  ownerId: printlists.ownerId,
  ownerUsername: users.username,
  title: printlists.title,
  description: printlists.description,
  visibility: printlists.visibility,
  createdAt: printlists.createdAt,
  updatedAt: printlists.updatedAt,
};

/** Only published print models can be put in a list, and only they are shown from it. */
const listableModel = and(publishedModel, eq(models.productType, 'print'));

export async function isListableModel(modelId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: models.id })
    .from(models)
    .where(and(eq(models.id, modelId), listableModel));
  return row !== undefined;
}

/**
 * Makes a list unless the owner has `maxLists` already; the owner's row is locked so that concurrent
 * requests cannot pass the limit together. Null at the limit.
 */
export async function insertPrintlist(
  ownerId: number,
  fields: PrintlistFields,
  maxLists: number,
  now: Date,
): Promise<number | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
    const [existing] = await tx
      .select({ n: count() })
      .from(printlists)
      .where(eq(printlists.ownerId, ownerId));
    if (Number(existing?.n ?? 0) >= maxLists) return null;
    const [row] = await tx
      .insert(printlists)
      .values({ ownerId, ...fields, createdAt: now, updatedAt: now })
      .returning({ id: printlists.id });
    return row!.id;
  });
}

export async function findPrintlist(id: number): Promise<PrintlistRow | null> {
  const db = await getDb();
  const [row] = await db
    .select(rowColumns)
    .from(printlists)
    .innerJoin(users, eq(users.id, printlists.ownerId))
    .where(eq(printlists.id, id));
  return row ?? null;
}

/** Whether the owner's list was changed (another's, or none, is not). */
export async function updatePrintlist(
  id: number,
  ownerId: number,
  fields: PrintlistFields,
  now: Date,
): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(printlists)
    .set({ ...fields, updatedAt: now })
    .where(and(eq(printlists.id, id), eq(printlists.ownerId, ownerId)))
    .returning({ id: printlists.id });
  return rows.length > 0;
}

export async function deletePrintlist(id: number, ownerId: number): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .delete(printlists)
    .where(and(eq(printlists.id, id), eq(printlists.ownerId, ownerId)))
    .returning({ id: printlists.id });
  return rows.length > 0;
}

/** Locks the owner's list for a change of its items; null when it is not theirs. */
async function lockOwnList(tx: Transaction, id: number, ownerId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: printlists.id })
    .from(printlists)
    .where(and(eq(printlists.id, id), eq(printlists.ownerId, ownerId)))
    .for('update');
  return row !== undefined;
}

async function itemIdsIn(tx: Transaction, printlistId: number): Promise<number[]> {
  const rows = await tx
    .select({ modelId: printlistItems.modelId })
    .from(printlistItems)
    .where(eq(printlistItems.printlistId, printlistId))
    .orderBy(asc(printlistItems.position), asc(printlistItems.addedAt));
  return rows.map((r) => r.modelId);
}

async function touch(tx: Transaction, id: number, now: Date) {
  await tx.update(printlists).set({ updatedAt: now }).where(eq(printlists.id, id));
}

export type AddOutcome = 'added' | 'already_listed' | 'list_full' | 'not_found';

/** Appends a model to the owner's list; concurrent adds to one list are serialised by the row lock. */
export async function insertPrintlistItem(
  id: number,
  ownerId: number,
  modelId: number,
  maxModels: number,
  now: Date,
): Promise<AddOutcome> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!(await lockOwnList(tx, id, ownerId))) return 'not_found';
    const ids = await itemIdsIn(tx, id);
    if (ids.includes(modelId)) return 'already_listed';
    if (ids.length >= maxModels) return 'list_full';
    await tx.insert(printlistItems).values({ printlistId: id, modelId, position: ids.length, addedAt: now });
    await touch(tx, id, now);
    return 'added';
  });
}

/** Removes a model from the owner's list and closes the gap; false when the list is not theirs. */
export async function deletePrintlistItem(
  id: number,
  ownerId: number,
  modelId: number,
  now: Date,
): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!(await lockOwnList(tx, id, ownerId))) return false;
    await tx
      .delete(printlistItems)
      .where(and(eq(printlistItems.printlistId, id), eq(printlistItems.modelId, modelId)));
    await writeOrder(tx, id, await itemIdsIn(tx, id));
    await touch(tx, id, now);
    return true;
  });
}

async function writeOrder(tx: Transaction, id: number, modelIds: number[]) {
  if (modelIds.length === 0) return;
  await tx
    .update(printlistItems)
    .set({
      position: sql`array_position(ARRAY[${sql.join(
        modelIds.map((m) => sql`${m}`),
        sql`, `,
      )}]::int[], ${printlistItems.modelId}) - 1`,
    })
    .where(and(eq(printlistItems.printlistId, id), inArray(printlistItems.modelId, modelIds)));
}

export type ReorderOutcome = 'reordered' | 'not_found' | 'mismatch';

/** Puts the owner's list in the given order, which must name exactly the models it holds. */
export async function reorderPrintlistItems(
  id: number,
  ownerId: number,
  modelIds: number[],
  now: Date,
): Promise<ReorderOutcome> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!(await lockOwnList(tx, id, ownerId))) return 'not_found';
    const current = await itemIdsIn(tx, id);
    const wanted = new Set(modelIds);
    if (wanted.size !== modelIds.length || current.length !== modelIds.length) return 'mismatch';
    if (current.some((m) => !wanted.has(m))) return 'mismatch';
    await writeOrder(tx, id, modelIds);
    await touch(tx, id, now);
    return 'reordered';
  });
}

/** The list's models in its order: published print models only (a withdrawn one is kept, not shown). */
export async function findPrintlistModelIds(id: number, limit: number): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .select({ modelId: printlistItems.modelId })
    .from(printlistItems)
    .innerJoin(models, eq(models.id, printlistItems.modelId))
    .where(and(eq(printlistItems.printlistId, id), listableModel))
    .orderBy(asc(printlistItems.position), asc(printlistItems.addedAt))
    .limit(limit);
  return rows.map((r) => r.modelId);
}

export interface PrintlistListing {
  rows: (PrintlistRow & { modelCount: number; previewIds: number[] })[];
  total: number;
}

/** Lists with their shown model count and first four models, newest change first. */
async function listingOf(
  where: ReturnType<typeof and>,
  limit: number,
  offset: number,
): Promise<PrintlistListing> {
  const db = await getDb();
  const shownItems = db
    .select({
      printlistId: printlistItems.printlistId,
      modelId: printlistItems.modelId,
      rank: sql<number>`row_number() over (partition by ${printlistItems.printlistId} order by ${printlistItems.position}, ${printlistItems.addedAt})`.as(
        'rank',
      ),
    })
    .from(printlistItems)
    .innerJoin(models, eq(models.id, printlistItems.modelId))
    .where(listableModel)
    .as('shown');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...rowColumns,
        modelCount: sql<number>`count(${shownItems.modelId})::int`,
        previewIds: sql<
          number[]
        >`coalesce(array_agg(${shownItems.modelId} order by ${shownItems.rank}) filter (where ${shownItems.rank} <= 4), '{}')`,
      })
      .from(printlists)
      .innerJoin(users, eq(users.id, printlists.ownerId))
      .leftJoin(shownItems, eq(shownItems.printlistId, printlists.id))
      .where(where)
      .groupBy(printlists.id, users.username)
      .orderBy(desc(printlists.updatedAt), desc(printlists.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(printlists).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export function findPublicPrintlists(limit: number, offset: number): Promise<PrintlistListing> {
  return listingOf(eq(printlists.visibility, 'public'), limit, offset);
}

/** A user's lists: all of them for the owner, the public ones for anybody else. */
export function findPrintlistsOf(ownerId: number, includePrivate: boolean, limit: number) {
  return listingOf(
    includePrivate
      ? eq(printlists.ownerId, ownerId)
      : and(eq(printlists.ownerId, ownerId), eq(printlists.visibility, 'public')),
    limit,
    0,
  );
}

/** In how many public lists a model is. */
export async function countPublicPrintlistsWithModel(modelId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(printlistItems)
    .innerJoin(printlists, eq(printlists.id, printlistItems.printlistId))
    .where(and(eq(printlistItems.modelId, modelId), eq(printlists.visibility, 'public')));
  return Number(row?.n ?? 0);
}

/** The user's lists, newest change first, each saying whether it holds the model. */
export async function findOwnChoices(ownerId: number, modelId: number) {
  const db = await getDb();
  return db
    .select({
      id: printlists.id,
      title: printlists.title,
      visibility: printlists.visibility,
      hasModel: sql<boolean>`exists (select 1 from ${printlistItems} where ${printlistItems.printlistId} = ${printlists.id} and ${printlistItems.modelId} = ${modelId})`,
    })
    .from(printlists)
    .where(eq(printlists.ownerId, ownerId))
    .orderBy(desc(printlists.updatedAt), desc(printlists.id));
}

export async function findUserIdByUsername(username: string): Promise<number | null> {
  const db = await getDb();
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row?.id ?? null;
}
