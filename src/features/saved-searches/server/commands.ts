/** Subscribing to a listing, removing a saved search, and the digest's unsubscribe link (decision 0033). */
import { findCategoryLabels } from '@/features/catalog/server/api';
import type { SessionUser } from '@/server/auth/session';
import { AppError } from '@/server/errors';
import { assertWithinRateLimit } from '@/server/http/rate-limit';

import {
  canonicalQuery,
  filtersOfQuery,
  isSavableListing,
  maxSavedSearchesPerUser,
  savedListingSchema,
  type SavedListing,
} from '../api';
import {
  countSavedSearches,
  deleteAllSavedSearches,
  deleteSavedSearch,
  findSavedSearch,
  findSavedSearchId,
  insertSavedSearch,
} from './repository';
import { unsubscribeTargetOf } from './unsubscribe-token';

/** Subscribing is cheap to ask for and each one is matched by every digest: a bot is slowed down. */
export const subscriptionsPerHour = 30;

/** The listing as it will be kept: the query in canonical form, checked to be a search worth saving. */
export async function parseSavedListing(input: unknown): Promise<SavedListing> {
  const parsed = savedListingSchema.safeParse(input);
  if (!parsed.success)
    throw new AppError('BAD_REQUEST', 'pathname, productType, categoryId and query are expected');
  const { categoryId } = parsed.data;
  const filters = filtersOfQuery(parsed.data.query);
  if (!isSavableListing(filters, categoryId))
    throw new AppError('BAD_REQUEST', 'Only a search, a filtered listing or a category can be saved');
  if (categoryId !== null) {
    const category = (await findCategoryLabels('en', [categoryId])).get(categoryId);
    if (!category) throw new AppError('BAD_REQUEST', 'No such category');
    if (category.productType !== parsed.data.productType)
      throw new AppError('BAD_REQUEST', "The product type is not the category's");
  }
  return { ...parsed.data, query: canonicalQuery(filters) };
}

/** Saves the listing for the user (again: the same subscription). */
export async function subscribeToSearch(
  user: SessionUser,
  locale: string,
  input: unknown,
  now = new Date(),
): Promise<{ id: number }> {
  await assertWithinRateLimit(`saved_search_subscribe:user:${user.id}`, subscriptionsPerHour, 3_600_000, now);
  const listing = await parseSavedListing(input);
  const existing = await findSavedSearchId(user.id, listing);
  if (existing !== null) return { id: existing };
  if ((await countSavedSearches(user.id)) >= maxSavedSearchesPerUser)
    throw new AppError('CONFLICT', `At most ${maxSavedSearchesPerUser} saved searches; remove one first`);
  const { id } = await insertSavedSearch(user.id, locale, listing, now);
  return { id };
}

export function savedSearchIdOf(input: unknown): number {
  const id = (input as { id?: unknown } | null)?.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1)
    throw new AppError('BAD_REQUEST', 'id: a saved search id is expected');
  return id;
}

/** Removes one of the user's saved searches; another user's (or none) is not found. */
export async function removeSavedSearch(user: SessionUser, id: number): Promise<void> {
  if (!(await deleteSavedSearch(id, user.id))) throw new AppError('NOT_FOUND', 'No such saved search');
}

/**
 * Removes what a digest's link names (one saved search, or all of a user's): 'removed', or 'gone' when
 * there was nothing left to remove (the link is followed twice); a forged or changed token is refused.
 */
export async function unsubscribeWithToken(token: unknown): Promise<'removed' | 'gone'> {
  const target = unsubscribeTargetOf(token);
  if (target === null) throw new AppError('BAD_REQUEST', 'This unsubscribe link is not valid');
  if (target.kind === 'all') return (await deleteAllSavedSearches(target.userId)) > 0 ? 'removed' : 'gone';
  const search = await findSavedSearch(target.id);
  if (!search) return 'gone';
  return (await deleteSavedSearch(target.id, search.userId)) ? 'removed' : 'gone';
}
