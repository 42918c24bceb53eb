/**
 * Writes to a model's own row, its category counts and tags, inside the caller's transaction: the
 * studio (a seller's drafts and review requests, an admin's verdicts) and mesh analysis (the figures)
 * call these. The caller checks the lifecycle first.
 */
import { eq, inArray, sql } from 'drizzle-orm';

import type { Transaction } from '@/server/db/client';

import type { ModelDetails } from '../model-attributes';
import type { ModelStatus } from '../model-lifecycle';
import { categories, modelFiles, models, tags } from './schema';

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

export async function updateModelDetails(
  tx: Transaction,
  modelId: number,
  details: ModelDetails,
  placement: ModelPlacement,
  now: Date,
): Promise<void> {
  await tx
    .update(models)
    .set({ ...detailColumns(details), ...placement, updatedAt: now })
    .where(eq(models.id, modelId));
}

/** Marks the model as changed: the listing index and page caches notice a model by its updated_at. */
export async function touchModel(tx: Transaction, modelId: number, now: Date): Promise<void> {
  await tx.update(models).set({ updatedAt: now }).where(eq(models.id, modelId));
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

/** The seller's review request: the model's next status, and no review until the verdict. */
export async function recordReviewRequest(
  tx: Transaction,
  modelId: number,
  status: ModelStatus,
  now: Date,
): Promise<void> {
  await tx
    .update(models)
    .set({
      status,
      reviewRequestedAt: now,
      reviewStatus: 'not_reviewed',
      reviewScore: null,
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
export async function countPublishedModel(
  tx: Transaction,
  model: { categoryIds: number[]; tags: string[] },
): Promise<void> {
  await tx
    .update(categories)
    .set({ itemCount: sql`${categories.itemCount} + 1` })
    .where(inArray(categories.id, model.categoryIds));
  if (model.tags.length > 0)
    await tx
      .insert(tags)
      .values(model.tags.map((name) => ({ name, modelCount: 1 })))
      .onConflictDoUpdate({ target: tags.name, set: { modelCount: sql`${tags.modelCount} + 1` } });
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
