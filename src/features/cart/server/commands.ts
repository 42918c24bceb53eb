import { AppError } from '@/server/errors';

import type { AddToCartOutcome, CartOwner } from '../schemas';
import {
  deleteCartItem,
  deleteWishlistItem,
  findModelTitle,
  insertCartItem,
  insertWishlistItem,
  moveGuestCart,
  upsertRecentlyViewed,
} from './repository';

const maxId = 2_147_483_647;

/** A model id from a request body: a positive 32-bit integer, else BAD_REQUEST. */
export function modelIdOf(value: unknown): number {
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,10}$/.test(value)
        ? Number(value)
        : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > maxId)
    throw new AppError('BAD_REQUEST', 'modelId must be a model id');
  return id;
}

/**
 * Adds a model to a cart (spec §8): 'added', or why not — already in the cart, already bought, or the
 * 500-item limit. Concurrent adds of one cart are serialised, so a double submit adds once.
 */
export async function addToCart(
  owner: CartOwner,
  modelId: number,
  now = new Date(),
): Promise<{ outcome: AddToCartOutcome; title: string }> {
  const title = await findModelTitle(modelId);
  if (title === null) throw new AppError('NOT_FOUND', 'No such model');
  return { outcome: await insertCartItem(owner, modelId, now), title };
}

export async function removeFromCart(owner: CartOwner, modelId: number): Promise<void> {
  await deleteCartItem(owner, modelId);
}

/** At log-in: the guest's cart joins the user's. */
export function mergeGuestCart(sessionId: string, userId: number): Promise<number> {
  return moveGuestCart(sessionId, userId);
}

export async function addToWishlist(userId: number, modelId: number): Promise<void> {
  if ((await findModelTitle(modelId)) === null) throw new AppError('NOT_FOUND', 'No such model');
  await insertWishlistItem(userId, modelId);
}

export function removeFromWishlist(userId: number, modelId: number): Promise<void> {
  return deleteWishlistItem(userId, modelId);
}

export function recordRecentlyViewed(userId: number, modelId: number, now = new Date()): Promise<void> {
  return upsertRecentlyViewed(userId, modelId, now);
}
