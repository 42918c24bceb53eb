import { parseModelId } from '@/features/catalog/api';
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

/** The `modelId` of a request body, else BAD_REQUEST. */
export function modelIdOf(body: unknown): number {
  const id = parseModelId((body as { modelId?: unknown } | null)?.modelId);
  if (id === null) throw new AppError('BAD_REQUEST', 'modelId must be a model id');
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
