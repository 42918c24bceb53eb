/** Saved searches' reads and writes (decision 0033). */
import { and, asc, count, desc, eq, lt } from 'drizzle-orm';

import { getDb } from '@/server/db/client';
import { users } from '@/server/db/schema/users';

import type { SavedListing } from '../api';
import { savedSearches } from './schema';

export interface SavedSearchRow extends SavedListing {
  id: number;
  userId: number;
  locale: string;
  createdAt: Date;
  checkedUntil: Date;
}

const columns = {
  id: savedSearches.id,
  userId: savedSearches.userId,
  locale: savedSearches.locale,
  pathname: savedSearches.pathname,
  productType: savedSearches.productType,
  categoryId: savedSearches.categoryId,
  query: savedSearches.query,
  createdAt: savedSearches.createdAt,
  checkedUntil: savedSearches.checkedUntil,
};

const asRow = (row: Record<keyof typeof columns, unknown>) => row as unknown as SavedSearchRow;

export const scopeKeyOf = (listing: Pick<SavedListing, 'productType' | 'categoryId' | 'query'>) =>
  `${listing.productType ?? '*'}|${listing.categoryId ?? '*'}|${listing.query}`;

export async function countSavedSearches(userId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
  return row?.n ?? 0;
}

/** Saves the search (the digest looks at models published after `now`); the id, new or already saved. */
export async function insertSavedSearch(
  userId: number,
  locale: string,
  listing: SavedListing,
  now: Date,
): Promise<{ id: number; created: boolean }> {
  const db = await getDb();
  const scopeKey = scopeKeyOf(listing);
  const [inserted] = await db
    .insert(savedSearches)
    .values({ userId, locale, ...listing, scopeKey, createdAt: now, checkedUntil: now })
    .onConflictDoNothing()
    .returning({ id: savedSearches.id });
  if (inserted) return { id: inserted.id, created: true };
  const id = await findSavedSearchId(userId, listing);
  return { id: id!, created: false };
}

export async function findSavedSearchId(
  userId: number,
  listing: Pick<SavedListing, 'productType' | 'categoryId' | 'query'>,
): Promise<number | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.scopeKey, scopeKeyOf(listing))))
    .limit(1);
  return row?.id ?? null;
}

/** A user's saved searches, newest first. */
export async function findSavedSearches(userId: number): Promise<SavedSearchRow[]> {
  const db = await getDb();
  const rows = await db
    .select(columns)
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return rows.map(asRow);
}

export async function findSavedSearch(id: number): Promise<SavedSearchRow | null> {
  const db = await getDb();
  const [row] = await db.select(columns).from(savedSearches).where(eq(savedSearches.id, id)).limit(1);
  return row ? asRow(row) : null;
}

/** Removes the user's saved search; false when the user has none with this id. */
export async function deleteSavedSearch(id: number, userId: number): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** Removes all of a user's saved searches; how many there were. */
export async function deleteAllSavedSearches(userId: number): Promise<number> {
  const db = await getDb();
  const rows = await db
    .delete(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .returning({ id: savedSearches.id });
  return rows.length;
}

/** Users with a saved search not looked at up to `until`, in id order. */
export async function findUserIdsWithSearchesBefore(until: Date): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .selectDistinct({ userId: savedSearches.userId })
    .from(savedSearches)
    .where(lt(savedSearches.checkedUntil, until))
    .orderBy(asc(savedSearches.userId));
  return rows.map((row) => row.userId);
}

/** A user's address and saved searches (oldest first), for their digest. */
export async function findDigestRecipient(
  userId: number,
): Promise<{ email: string; username: string; searches: SavedSearchRow[] } | null> {
  const db = await getDb();
  const [user] = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return null;
  const rows = await db
    .select(columns)
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  return { ...user, searches: rows.map(asRow) };
}

/**
 * Moves a saved search's digest mark from `from` to `until`; false when another run moved it first
 * (two runners at once send each model once).
 */
export async function advanceCheckedUntil(id: number, from: Date, until: Date): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(savedSearches)
    .set({ checkedUntil: until })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.checkedUntil, from)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}
