/**
 * A free model in one click (decision 0035): no cart, no card. It is recorded like a purchase — an
 * order of one line at $0, fulfilled at once — so the model is in the buyer's purchases with its files
 * and licence certificate, and counts in the model's sales. Nothing is paid, so no credits are earned
 * (nor the first-purchase gift). Claiming a model the user already owns returns that order.
 */
import { deletePurchasedCartItems } from '@/features/cart/server/api';
import { addModelSales } from '@/features/catalog/server/api';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { assertWithinRateLimit } from '@/server/http/rate-limit';

import { assertTransition } from '../order-lifecycle';
import type { FreeDownloadDto } from '../schemas';
import { withDownloadLinks } from './download-links';
import { findOwningOrderId, findPublicModelForOrder } from './free-download-repository';
import { insertOrder, insertOrderLines } from './order-repository';
import { transitionOrder } from './order-transitions';
import { findModelFiles, lockBuyer } from './repository';

/** Free downloads per user and hour: a collector's evening, not a scraper's. */
const freeDownloadsPerHour = 60;

export async function downloadFreeModel(
  userId: number,
  modelId: number,
  now = new Date(),
): Promise<FreeDownloadDto> {
  await assertWithinRateLimit(`free_download:user:${userId}`, freeDownloadsPerHour, 3_600_000, now);
  const db = await getDb();
  const orderId = await db.transaction(async (tx) => {
    await lockBuyer(tx, userId);
    const model = await findPublicModelForOrder(tx, modelId);
    if (!model) throw new AppError('NOT_FOUND', 'No such model');
    if (model.priceCents - model.saleDiscountCents > 0)
      throw new AppError('CONFLICT', 'This model is not free: add it to the cart');
    const owned = await findOwningOrderId(tx, userId, modelId);
    if (owned !== null) return owned;
    const order = await insertOrder(tx, {
      userId,
      idempotencyKey: `free:${modelId}:${now.getTime()}`,
      subtotalCents: 0,
      saleDiscountCents: 0,
      couponDiscountCents: 0,
      creditsCents: 0,
      totalCents: 0,
      paymentProvider: 'free',
      createdAt: now,
      updatedAt: now,
    });
    await insertOrderLines(tx, [
      {
        orderId: order.id,
        modelId,
        designerId: model.designerId,
        title: model.title,
        licence: model.licence,
        priceCents: 0,
        saleDiscountCents: 0,
        couponDiscountCents: 0,
        creditsCents: 0,
        finalCents: 0,
      },
    ]);
    // Digital goods, nothing to pay: fulfilled in one write, as a paid order is.
    assertTransition(order.status, 'paid');
    await transitionOrder(tx, { id: order.id, status: 'paid' }, 'fulfilled', { paidAt: now, updatedAt: now });
    await addModelSales(tx, [modelId]);
    await deletePurchasedCartItems(tx, userId);
    return order.id;
  });
  const files = await findModelFiles([modelId]);
  return {
    orderId,
    files: files.map((file) => withDownloadLinks(file, userId, now)),
  };
}
