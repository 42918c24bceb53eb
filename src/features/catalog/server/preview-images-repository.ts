/**
 * A model's pictures; position 0 is its card picture. Pictures the marketplace drew itself (generated
 * from the category, or rendered from the mesh) give way to the seller's own and to a rendering.
 */
import { and, asc, eq, sql } from 'drizzle-orm';

import { getDb, type Transaction } from '@/server/db/client';
import { previewAspectPermille, previewWidths } from '@/server/images/previews';

import { previewImages } from './schema';

const drawnByMarketplace = sql`(${previewImages.storageKey} like 'previews/category/%' or ${previewImages.storageKey} like 'previews/rendered/%')`;

/** The model's taken positions, in order, and whether the marketplace drew each picture. */
export async function findPictureSlots(
  tx: Transaction,
  modelId: number,
): Promise<{ position: number; drawn: boolean }[]> {
  const rows = await tx
    .select({ position: previewImages.position, drawn: drawnByMarketplace })
    .from(previewImages)
    .where(eq(previewImages.modelId, modelId))
    .orderBy(asc(previewImages.position));
  return rows.map((row) => ({ position: row.position, drawn: Boolean(row.drawn) }));
}

/** True when the model has no picture of the seller's own at position 0. */
export async function needsRenderedPreview(modelId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ replaceable: drawnByMarketplace })
    .from(previewImages)
    .where(and(eq(previewImages.modelId, modelId), eq(previewImages.position, 0)));
  return !row || Boolean(row.replaceable);
}

/** Puts a seller's picture at `position`, replacing the one there. */
export async function upsertPicture(
  tx: Transaction,
  modelId: number,
  position: number,
  storageKey: string,
): Promise<void> {
  const values = {
    modelId,
    position,
    storageKey,
    widths: [...previewWidths],
    aspectPermille: previewAspectPermille,
  };
  await tx
    .insert(previewImages)
    .values(values)
    .onConflictDoUpdate({ target: [previewImages.modelId, previewImages.position], set: values });
}

/**
 * Makes a rendering of the mesh the card picture (or the picture at `position`), unless the seller has
 * given one there. Returns whether the picture changed.
 */
export async function upsertRenderedPreview(
  tx: Transaction,
  modelId: number,
  storageKey: string,
  position = 0,
): Promise<boolean> {
  const replaced = await tx
    .insert(previewImages)
    .values({
      modelId,
      position,
      storageKey,
      widths: [...previewWidths],
      aspectPermille: previewAspectPermille,
    })
    .onConflictDoUpdate({
      target: [previewImages.modelId, previewImages.position],
      set: { storageKey, widths: [...previewWidths] },
      setWhere: drawnByMarketplace,
    })
    .returning({ key: previewImages.storageKey });
  return replaced.length > 0;
}

/** Removes the picture at `position`; the next one moves up to the card position. False when there is none. */
export async function deletePicture(tx: Transaction, modelId: number, position: number): Promise<boolean> {
  const removed = await tx
    .delete(previewImages)
    .where(and(eq(previewImages.modelId, modelId), eq(previewImages.position, position)))
    .returning({ position: previewImages.position });
  if (removed.length === 0) return false;
  if (position === 0) {
    const [next] = await tx
      .select({ position: previewImages.position })
      .from(previewImages)
      .where(eq(previewImages.modelId, modelId))
      .orderBy(asc(previewImages.position))
      .limit(1);
    if (next)
      await tx
        .update(previewImages)
        .set({ position: 0 })
        .where(and(eq(previewImages.modelId, modelId), eq(previewImages.position, next.position)));
  }
  return true;
}
