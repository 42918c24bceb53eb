/**
 * A seller's own steps with a model (decision 0035): take a published model off the marketplace, put
 * it back, delete a draft. Each goes through the model lifecycle under a lock on the model's row;
 * another seller's model (or a malformed id) is "not found", a step the model's state does not allow
 * a conflict.
 */
import { deletableStatuses, sellerSteps } from '@/features/catalog/api';
import { deleteModelFromCarts } from '@/features/cart/server/api';
import { deleteDraftModel, lockModelRow, moveModel } from '@/features/catalog/server/api';
import type { SessionUser } from '@/server/auth/session';
import { refreshSearchKeywordsOfTags } from '@/server/db/catalog-maintenance';
import { getDatabase, getDb, type Transaction } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { deleteFile } from '@/server/files/store';
import { assertWithinRateLimit } from '@/server/http/rate-limit';
import { previewWidths } from '@/server/images/previews';
import { refreshImageIndex } from '@/server/images/image-index';

/** Lifecycle steps per seller and hour: plenty for a person, a wall for a script. */
const stepsPerHour = 60;

async function lockOwnModel(tx: Transaction, user: SessionUser, modelId: number) {
  const model = await lockModelRow(tx, modelId);
  if (!model || model.designerId !== user.id) throw new AppError('NOT_FOUND', 'No such model');
  return model;
}

type Options = { now?: Date; filesRoot?: string };

async function takeStep(
  user: SessionUser,
  modelId: number,
  step: keyof typeof sellerSteps,
  { now = new Date(), filesRoot }: Options,
): Promise<void> {
  await assertWithinRateLimit(`studio_lifecycle:user:${user.id}`, stepsPerHour, 3_600_000, now);
  const db = await getDb();
  const tags = await db.transaction(async (tx) => {
    const model = await lockOwnModel(tx, user, modelId);
    const { from, to } = sellerSteps[step];
    if (!(from as readonly string[]).includes(model.status))
      throw new AppError('CONFLICT', 'The model cannot change that way now');
    // A pending second review of a published model lapses with its unpublication.
    await moveModel(tx, model, to, now, step === 'unpublish' ? { reviewRequestedAt: null } : {});
    if (step === 'unpublish') await deleteModelFromCarts(tx, modelId);
    return model.tags;
  });
  await publicationChanged(tags, filesRoot);
}

/**
 * After a model entered or left the public catalogue: the derived lookups that are not read through
 * the listing index follow at once — image search, and the search box's keywords of its tags.
 */
export async function publicationChanged(tags: readonly string[], filesRoot?: string): Promise<void> {
  const handle = await getDatabase();
  await refreshSearchKeywordsOfTags(handle, tags);
  await refreshImageIndex(handle, filesRoot);
}

/** Takes a published model off the marketplace: listings, search, suggestions, sitemap and its page. */
export function unpublishModel(user: SessionUser, modelId: number, options: Options = {}) {
  return takeStep(user, modelId, 'unpublish', options);
}

/** Puts an unpublished model back, as it was reviewed (new files would have sent it to review). */
export function republishModel(user: SessionUser, modelId: number, options: Options = {}) {
  return takeStep(user, modelId, 'republish', options);
}

/** Deletes a draft with its files and pictures. Anything past a draft is refused (a conflict). */
export async function deleteDraft(
  user: SessionUser,
  modelId: number,
  { now = new Date(), filesRoot }: Options = {},
): Promise<void> {
  await assertWithinRateLimit(`studio_lifecycle:user:${user.id}`, stepsPerHour, 3_600_000, now);
  const db = await getDb();
  const stored = await db.transaction(async (tx) => {
    const model = await lockOwnModel(tx, user, modelId);
    if (!deletableStatuses.includes(model.status))
      throw new AppError('CONFLICT', 'Only a draft can be deleted');
    return deleteDraftModel(tx, modelId);
  });
  const pictures = stored.pictureKeys
    .filter((key) => key.startsWith('previews/studio/') || key.startsWith('previews/rendered/'))
    .flatMap((key) => previewWidths.map((width) => `${key}-${width}.webp`));
  await Promise.all([...stored.fileKeys, ...pictures].map((key) => deleteFile(key, filesRoot)));
}
