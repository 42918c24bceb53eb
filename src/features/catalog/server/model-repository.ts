/**
 * Writes to a model's own row, its category counts and tags, inside the caller's transaction: the
 * studio (a seller's drafts and review requests, an admin's verdicts) and mesh analysis (the figures)
 * call these. The caller checks the lifecycle first.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';

import { arFormats, arKey } from '@/features/geometry/api';
import type { Transaction } from '@/server/db/client';

import type { ModelDetails } from '../model-attributes';
import { assertModelTransition, publicationChange, type ModelStatus } from '../model-lifecycle';
import { categories, modelFiles, models, previewImages, tags } from './schema';

/** Where a model's category puts it. */
export interface ModelPlacement {
  productType: 'models' | 'print';
  rootCategoryId: number;
}

const detailColumns = (details: ModelDetails) => ({
  title: details.title,
  description: details.description,
  categoryId: details.categoryId,
  tags: details.tags,
  priceCents: details.priceCents,
  licence: details.licence,
  licenceTerms: details.licenceTerms,
  unit: details.unit,
  walletEligible: details.walletEligible,
});

/** A new model in its first state, 'draft'. Returns its id. */
export async function insertDraftModel(
  tx: Transaction,
  input: {
    designerId: number;
    details: ModelDetails;
    placement: ModelPlacement;
    slug: string;
    now: Date;
  },
): Promise<number> {
  const [row] = await tx
    .insert(models)
    .values({
      ...detailColumns(input.details),
      slug: input.slug,
      designerId: input.designerId,
      productType: input.placement.productType,
      rootCategoryId: input.placement.rootCategoryId,
      status: 'draft',
      publishedAt: input.now,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: models.id });
  return row!.id;
}

/**
 * The seller's new details. A published model's category and tag counts follow its new category and
 * tags (the counts shown beside links must stay the totals of the pages they open).
 */
export async function updateModelDetails(
  tx: Transaction,
  modelId: number,
  details: ModelDetails,
  placement: ModelPlacement,
  now: Date,
): Promise<void> {
  const before = await lockModelRow(tx, modelId);
  if (!before) return;
  await tx
    .update(models)
    .set({ ...detailColumns(details), ...placement, updatedAt: now })
    .where(eq(models.id, modelId));
  if (before.status !== 'published') return;
  await countInCatalogue(tx, countedPlaces(before), -1);
  await countInCatalogue(
    tx,
    countedPlaces({
      categoryId: details.categoryId,
      rootCategoryId: placement.rootCategoryId,
      tags: details.tags,
    }),
    1,
  );
}

/** What the lifecycle needs of a model's row, locked for the rest of the transaction; null when there is none. */
export async function lockModelRow(tx: Transaction, modelId: number) {
  const [row] = await tx
    .select({
      id: models.id,
      designerId: models.designerId,
      status: models.status,
      requested: models.reviewRequestedAt,
      categoryId: models.categoryId,
      rootCategoryId: models.rootCategoryId,
      tags: models.tags,
    })
    .from(models)
    .where(eq(models.id, modelId))
    .for('update');
  return row ?? null;
}

const countedPlaces = (model: { categoryId: number; rootCategoryId: number; tags: string[] }) => ({
  categoryIds: [...new Set([model.categoryId, model.rootCategoryId])],
  tags: model.tags,
});

/**
 * A step of the model's lifecycle (the caller has locked the row with `lockModelRow`): checked against
 * the transition table; entering or leaving the public catalogue counts the model in or out of its
 * categories and tags; `updated_at` moves, so the listing index, search and suggestions see it at once.
 */
export async function moveModel(
  tx: Transaction,
  model: { id: number; status: ModelStatus; categoryId: number; rootCategoryId: number; tags: string[] },
  to: ModelStatus,
  now: Date,
  changes: Partial<
    Pick<typeof models.$inferInsert, 'reviewRequestedAt' | 'reviewStatus' | 'reviewScore'>
  > = {},
): Promise<void> {
  assertModelTransition(model.status, to);
  await tx
    .update(models)
    .set({ status: to, ...changes, updatedAt: now })
    .where(eq(models.id, model.id));
  const change = publicationChange(model.status, to);
  if (change !== 0) await countInCatalogue(tx, countedPlaces(model), change);
}

/**
 * Deletes a draft and everything stored with it (files, pictures; the rest follows by cascade).
 * Returns the storage keys of its files (and their viewer copies and AR files) and pictures, for the caller to
 * delete once committed.
 */
export async function deleteDraftModel(
  tx: Transaction,
  modelId: number,
): Promise<{ fileKeys: string[]; pictureKeys: string[] }> {
  const files = await tx
    .select({ key: modelFiles.storageKey, viewerKey: modelFiles.viewerKey })
    .from(modelFiles)
    .where(eq(modelFiles.modelId, modelId));
  const pictures = await tx
    .select({ key: previewImages.storageKey })
    .from(previewImages)
    .where(eq(previewImages.modelId, modelId));
  await tx.delete(models).where(and(eq(models.id, modelId), sql`${models.status} = 'draft'`));
  return {
    fileKeys: files.flatMap((f) =>
      f.viewerKey ? [f.key, f.viewerKey, ...arFormats.map((format) => arKey(f.viewerKey!, format))] : [f.key],
    ),
    pictureKeys: pictures.map((p) => p.key),
  };
}

/** Marks the model as changed: the listing index and page caches notice a model by its updated_at. */
export async function touchModel(tx: Transaction, modelId: number, now: Date): Promise<void> {
  await tx.update(models).set({ updatedAt: now }).where(eq(models.id, modelId));
}

/**
 * The model's community rating (the ratings feature computes it): `updated_at` moves too, so the
 * listing index (decision 0014) re-reads the model for the rating sort and filter.
 */
export async function setModelRating(
  tx: Transaction,
  modelId: number,
  rating: { average: number; count: number },
  now: Date,
): Promise<void> {
  await tx
    .update(models)
    .set({ ratingAverage: rating.average, ratingCount: rating.count, updatedAt: now })
    .where(eq(models.id, modelId));
}

/** The model's formats follow its files. */
export async function refreshModelFormats(tx: Transaction, modelId: number, now: Date): Promise<void> {
  await tx
    .update(models)
    .set({
      formats: sql`array(select distinct ${modelFiles.format} from ${modelFiles} where ${modelFiles.modelId} = ${modelId} order by 1)`,
      updatedAt: now,
    })
    .where(eq(models.id, modelId));
}

/** An admin's verdict: the model's next status and review; `publishedAt` when it is first published. */
export async function recordReviewVerdict(
  tx: Transaction,
  modelId: number,
  verdict: {
    status: ModelStatus;
    reviewStatus: 'reviewed' | 'not_reviewed';
    reviewScore: number | null;
    reviewNote: string | null;
    publishedAt?: Date;
  },
  now: Date,
): Promise<void> {
  const { publishedAt, ...review } = verdict;
  await tx
    .update(models)
    .set({
      ...review,
      reviewRequestedAt: null,
      reviewedAt: now,
      updatedAt: now,
      ...(publishedAt ? { publishedAt } : {}),
    })
    .where(eq(models.id, modelId));
}

/** A newly published model counts once in each of its categories and tags. */
export function countPublishedModel(
  tx: Transaction,
  model: { categoryIds: number[]; tags: string[] },
): Promise<void> {
  return countInCatalogue(tx, model, 1);
}

/** Adds (1) or takes away (-1) a model in its categories' and tags' counts. */
async function countInCatalogue(
  tx: Transaction,
  model: { categoryIds: number[]; tags: string[] },
  change: 1 | -1,
): Promise<void> {
  await tx
    .update(categories)
    .set({ itemCount: sql`greatest(${categories.itemCount} + ${change}, 0)` })
    .where(inArray(categories.id, model.categoryIds));
  if (model.tags.length === 0) return;
  if (change === 1)
    await tx
      .insert(tags)
      .values(model.tags.map((name) => ({ name, modelCount: 1 })))
      .onConflictDoUpdate({ target: tags.name, set: { modelCount: sql`${tags.modelCount} + 1` } });
  else
    await tx
      .update(tags)
      .set({ modelCount: sql`greatest(${tags.modelCount} - 1, 0)` })
      .where(inArray(tags.name, model.tags));
}

/** The figures of a model's first mesh file become the model's own (its unit, size, volume…). */
export type ModelGeometryColumns = Pick<
  typeof models.$inferInsert,
  | 'unit'
  | 'polyCount'
  | 'vertexCount'
  | 'volumeMm3'
  | 'bboxXMm'
  | 'bboxYMm'
  | 'bboxZMm'
  | 'thinWallAreaMm2'
  | 'thinWallShare'
  | 'selfIntersections'
  | 'watertight'
>;

/** Stores the model's geometry (when given) and marks it changed at the database's clock. */
export async function updateModelGeometry(
  tx: Transaction,
  modelId: number,
  geometry: Partial<ModelGeometryColumns>,
): Promise<void> {
  await tx
    .update(models)
    .set({ ...geometry, updatedAt: sql`now()` })
    .where(eq(models.id, modelId));
}
