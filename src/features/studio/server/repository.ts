/** The studio's only access to Drizzle: a seller's models, their files and pictures, and reviews. */
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';

import { meshFormats } from '@/features/geometry/api';
import { canTransitionModel, type ModelStatus } from '@/features/catalog/api';
import { getDatabase, getDb } from '@/server/db/client';
import { categories, categoryTranslations, modelFiles, models, previewImages, tags } from '@/features/catalog/server/api';
import { users, type userRoles } from '@/server/db/schema/users';
import { AppError } from '@/server/errors';
import { fileUrl } from '@/server/files/store';
import { previewAspectPermille, previewWidths } from '@/server/images/previews';
import { enqueueMeshAnalysis } from '@/server/jobs/kinds';

import type {
  AnalysisState,
  CategoryChoiceDto,
  ModelDetails,
  ReviewVerdict,
  StudioFileDto,
  StudioModelDto,
  StudioModelSummaryDto,
} from '../schemas';

type Db = Awaited<ReturnType<typeof getDb>>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Every category a seller may file a model under, top level then its subcategories. */
export async function findCategoryChoices(locale: string): Promise<CategoryChoiceDto[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      productType: categories.productType,
      title: categoryTranslations.title,
    })
    .from(categories)
    .innerJoin(
      categoryTranslations,
      and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, locale)),
    )
    .orderBy(asc(categories.productType), asc(categories.position), asc(categories.id));
  const children = new Map<number, CategoryChoiceDto[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const list = children.get(row.parentId) ?? [];
    list.push({ id: row.id, title: row.title, productType: row.productType, depth: 1 });
    children.set(row.parentId, list);
  }
  return rows
    .filter((row) => row.parentId === null)
    .flatMap((row) => [
      { id: row.id, title: row.title, productType: row.productType, depth: 0 as const },
      ...(children.get(row.id) ?? []),
    ]);
}

/** A category's product type and top-level category, or null when there is no such category. */
export async function findCategoryPlacement(
  categoryId: number,
): Promise<{ productType: 'models' | 'print'; rootCategoryId: number } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ productType: categories.productType, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.id, categoryId));
  return row ? { productType: row.productType, rootCategoryId: row.parentId ?? categoryId } : null;
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

export async function insertDraftModel(input: {
  designerId: number;
  details: ModelDetails;
  placement: { productType: 'models' | 'print'; rootCategoryId: number };
  slug: string;
  now: Date;
}): Promise<number> {
  const db = await getDb();
  const [row] = await db
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

/** The owner of a model and where it stands, or null when there is no such model. */
export async function findModelOwnership(
  modelId: number,
): Promise<{ designerId: number; status: ModelStatus; unit: ModelDetails['unit'] } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ designerId: models.designerId, status: models.status, unit: models.unit })
    .from(models)
    .where(eq(models.id, modelId));
  return row ?? null;
}

export async function updateModelDetails(
  modelId: number,
  details: ModelDetails,
  placement: { productType: 'models' | 'print'; rootCategoryId: number },
  now: Date,
): Promise<void> {
  const db = await getDb();
  await db
    .update(models)
    .set({ ...detailColumns(details), ...placement, updatedAt: now })
    .where(eq(models.id, modelId));
}

const analysisJobs = sql`(
  select j.status::text as status, j.progress from jobs j
  where j.dedupe_key = 'mesh_analysis:' || ${modelFiles.id}
  order by j.id desc limit 1)`;

type FileRow = {
  id: number;
  file_name: string;
  format: string;
  size_bytes: string | number;
  analysis: {
    triangles: number;
    vertices: number;
    volumeMm3: number | null;
    boundingBox: { size: [number, number, number] };
    watertight: boolean;
    selfIntersections: { pairs: number };
    thinWalls: { share: number };
  } | null;
  analysis_error: string | null;
  job_status: string | null;
  job_progress: number | null;
};

function toFileDto(row: FileRow): StudioFileDto {
  const isMesh = (meshFormats as readonly string[]).includes(row.format);
  let analysisState: AnalysisState = 'not_analysed';
  if (row.analysis) analysisState = 'done';
  else if (row.analysis_error || row.job_status === 'failed') analysisState = 'failed';
  else if (isMesh) analysisState = row.job_status === 'running' ? 'running' : 'queued';
  const a = row.analysis;
  return {
    id: row.id,
    fileName: row.file_name,
    format: row.format,
    sizeBytes: Number(row.size_bytes),
    analysisState,
    progress: analysisState === 'done' ? 100 : (row.job_progress ?? 0),
    analysisError: row.analysis_error,
    figures: a
      ? {
          triangles: a.triangles,
          vertices: a.vertices,
          volumeMm3: a.volumeMm3,
          size: a.boundingBox.size,
          watertight: a.watertight,
          selfIntersections: a.selfIntersections.pairs,
          thinWallShare: a.thinWalls.share,
        }
      : null,
  };
}

/** A model's files with the state of their analyses (the latest job of each). */
async function findStudioFiles(modelId: number): Promise<StudioFileDto[]> {
  const db = await getDb();
  const { rows } = await db.execute<FileRow>(sql`
    select ${modelFiles.id}, ${modelFiles.fileName}, ${modelFiles.format}, ${modelFiles.sizeBytes},
      ${modelFiles.analysis}, ${modelFiles.analysisError},
      job.status as job_status, job.progress as job_progress
    from ${modelFiles}
    left join lateral ${analysisJobs} job on true
    where ${modelFiles.modelId} = ${modelId}
    order by ${modelFiles.id}`);
  return rows.map(toFileDto);
}

export async function findStudioModel(modelId: number): Promise<StudioModelDto | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: models.id,
      slug: models.slug,
      title: models.title,
      description: models.description,
      categoryId: models.categoryId,
      tags: models.tags,
      priceCents: models.priceCents,
      licence: models.licence,
      unit: models.unit,
      walletEligible: models.walletEligible,
      designerId: models.designerId,
      designerUsername: users.username,
      productType: models.productType,
      status: models.status,
      reviewStatus: models.reviewStatus,
      reviewScore: models.reviewScore,
      reviewNote: models.reviewNote,
      reviewRequestedAt: models.reviewRequestedAt,
      views: models.views,
      likes: models.likes,
      sales: models.sales,
      updatedAt: models.updatedAt,
    })
    .from(models)
    .innerJoin(users, eq(users.id, models.designerId))
    .where(eq(models.id, modelId));
  if (!row) return null;
  const [files, pictures] = await Promise.all([
    findStudioFiles(modelId),
    db
      .select({ position: previewImages.position, storageKey: previewImages.storageKey })
      .from(previewImages)
      .where(eq(previewImages.modelId, modelId))
      .orderBy(asc(previewImages.position)),
  ]);
  const { reviewRequestedAt, ...rest } = row;
  return {
    ...rest,
    reviewRequested: reviewRequestedAt !== null,
    files,
    pictures: pictures.map((p) => ({ position: p.position, src: fileUrl(`${p.storageKey}-360.webp`) })),
  };
}

const summaryColumns = {
  id: models.id,
  title: models.title,
  status: models.status,
  reviewStatus: models.reviewStatus,
  reviewScore: models.reviewScore,
  reviewRequestedAt: models.reviewRequestedAt,
  priceCents: models.priceCents,
  views: models.views,
  sales: models.sales,
  pictureKey: previewImages.storageKey,
  updatedAt: models.updatedAt,
  designerUsername: users.username,
};

type SummaryRow = {
  [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['data'] | null;
};

function toSummary(row: SummaryRow): StudioModelSummaryDto & { designerUsername: string } {
  return {
    id: row.id!,
    title: row.title!,
    status: row.status!,
    reviewStatus: row.reviewStatus!,
    reviewScore: row.reviewScore,
    reviewRequested: row.reviewRequestedAt !== null,
    priceCents: row.priceCents!,
    views: row.views!,
    sales: row.sales!,
    picture: row.pictureKey ? fileUrl(`${row.pictureKey}-120.webp`) : null,
    updatedAt: row.updatedAt!,
    designerUsername: row.designerUsername!,
  };
}

function summaries(db: Db) {
  return db
    .select(summaryColumns)
    .from(models)
    .innerJoin(users, eq(users.id, models.designerId))
    .leftJoin(previewImages, and(eq(previewImages.modelId, models.id), eq(previewImages.position, 0)));
}

/** A seller's models, last changed first. */
export async function findSellerModels(designerId: number, limit: number, offset: number) {
  const db = await getDb();
  const [rows, [total]] = await Promise.all([
    summaries(db)
      .where(eq(models.designerId, designerId))
      .orderBy(desc(models.updatedAt), desc(models.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(models)
      .where(eq(models.designerId, designerId)),
  ]);
  return { models: rows.map(toSummary), total: total?.n ?? 0 };
}

/** Models waiting for a review, longest waiting first. */
export async function findReviewQueue(limit: number) {
  const db = await getDb();
  const rows = await summaries(db)
    .where(isNotNull(models.reviewRequestedAt))
    .orderBy(asc(models.reviewRequestedAt), asc(models.id))
    .limit(limit);
  return rows.map(toSummary);
}

export async function countFilesAndPictures(modelId: number) {
  const db = await getDb();
  const [row] = await db
    .execute<{ files: number; pictures: number }>(
      sql`
    select (select count(*)::int from ${modelFiles} where ${modelFiles.modelId} = ${modelId}) as files,
      (select count(*)::int from ${previewImages} where ${previewImages.modelId} = ${modelId}
        and ${previewImages.storageKey} like 'previews/studio/%') as pictures`,
    )
    .then((r) => r.rows);
  return { files: row?.files ?? 0, pictures: row?.pictures ?? 0 };
}

async function refreshFormats(tx: Tx, modelId: number, now: Date) {
  await tx
    .update(models)
    .set({
      formats: sql`array(select distinct ${modelFiles.format} from ${modelFiles} where ${modelFiles.modelId} = ${modelId} order by 1)`,
      updatedAt: now,
    })
    .where(eq(models.id, modelId));
}

/** Records a stored file; a mesh is queued for analysis. Returns the file's id. */
export async function insertModelFile(
  file: { modelId: number; fileName: string; format: string; sizeBytes: number; storageKey: string },
  unit: ModelDetails['unit'],
  now: Date,
): Promise<number> {
  const db = await getDb();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(modelFiles)
      .values({ ...file, unit, createdAt: now })
      .returning({ id: modelFiles.id });
    await refreshFormats(tx, file.modelId, now);
    return row!.id;
  });
  if ((meshFormats as readonly string[]).includes(file.format))
    await enqueueMeshAnalysis(await getDatabase(), id);
  return id;
}

/** Removes a model's file record; returns its storage key, or null when the model has no such file. */
export async function deleteModelFile(modelId: number, fileId: number, now: Date): Promise<string | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(modelFiles)
      .where(and(eq(modelFiles.id, fileId), eq(modelFiles.modelId, modelId)))
      .returning({ storageKey: modelFiles.storageKey });
    if (row) await refreshFormats(tx, modelId, now);
    return row?.storageKey ?? null;
  });
}

const drawnByUs = sql`(${previewImages.storageKey} like 'previews/category/%' or ${previewImages.storageKey} like 'previews/rendered/%')`;

/**
 * Adds a seller's picture: it takes the first free position, or position 0 while that one holds a
 * picture the marketplace drew (the seller's own picture is the card picture from then on).
 */
export async function insertPicture(modelId: number, storageKey: string, now: Date): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.select({ id: models.id }).from(models).where(eq(models.id, modelId)).for('update');
    const existing = await tx
      .select({ position: previewImages.position, drawn: drawnByUs })
      .from(previewImages)
      .where(eq(previewImages.modelId, modelId))
      .orderBy(asc(previewImages.position));
    const first = existing[0];
    const replaceFirst = first?.position === 0 && Boolean(first.drawn);
    const position = replaceFirst
      ? 0
      : existing.reduce((free, p) => (p.position === free ? free + 1 : free), 0);
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
    await tx.update(models).set({ updatedAt: now }).where(eq(models.id, modelId));
    return position;
  });
}

export async function deletePicture(modelId: number, position: number, now: Date): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(previewImages)
      .where(and(eq(previewImages.modelId, modelId), eq(previewImages.position, position)))
      .returning({ position: previewImages.position });
    if (removed.length === 0) return false;
    // The next picture moves up to the card position.
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
    await tx.update(models).set({ updatedAt: now }).where(eq(models.id, modelId));
    return true;
  });
}

export type ReviewRequestRefusal = 'no_files' | 'no_picture' | 'analysis_pending' | 'already_requested';

/**
 * The seller asks for a review: a draft or rejected model goes to 'in_review'; a published one stays
 * public, its review status back to 'N/A' until the verdict. Refused while the model has no file,
 * no picture, or a mesh analysis still running.
 */
export async function requestReview(modelId: number, now: Date): Promise<ReviewRequestRefusal | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [model] = await tx
      .select({ status: models.status, requested: models.reviewRequestedAt })
      .from(models)
      .where(eq(models.id, modelId))
      .for('update');
    if (!model) throw new AppError('NOT_FOUND', 'No such model');
    if (model.requested) return 'already_requested';
    const { rows } = await tx.execute<{ files: number; pending: number; pictures: number }>(sql`
      select count(*)::int as files,
        count(*) filter (where ${modelFiles.analysis} is null and ${modelFiles.analysisError} is null
          and ${modelFiles.format} in ${sql.raw(`(${meshFormats.map((f) => `'${f}'`).join(', ')})`)})::int as pending,
        (select count(*)::int from ${previewImages} where ${previewImages.modelId} = ${modelId}) as pictures
      from ${modelFiles} where ${modelFiles.modelId} = ${modelId}`);
    const counts = rows[0]!;
    if (counts.files === 0) return 'no_files';
    if (counts.pending > 0) return 'analysis_pending';
    if (counts.pictures === 0) return 'no_picture';
    const next: ModelStatus = model.status === 'published' ? 'published' : 'in_review';
    if (!canTransitionModel(model.status, next))
      throw new AppError('CONFLICT', 'The model cannot be reviewed now');
    await tx
      .update(models)
      .set({
        status: next,
        reviewRequestedAt: now,
        reviewStatus: 'not_reviewed',
        reviewScore: null,
        updatedAt: now,
      })
      .where(eq(models.id, modelId));
    return null;
  });
}

/**
 * An admin's verdict on a requested review. Approving publishes the model (reviewed, with its score)
 * and counts it in its categories and tags; rejecting sends it back to the seller with the note.
 * Only one verdict per request: a second one (a double submit) gets a conflict.
 */
export async function applyReview(
  modelId: number,
  verdict: ReviewVerdict,
  now: Date,
): Promise<{ published: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [model] = await tx
      .select({
        status: models.status,
        requested: models.reviewRequestedAt,
        categoryId: models.categoryId,
        rootCategoryId: models.rootCategoryId,
        tags: models.tags,
      })
      .from(models)
      .where(eq(models.id, modelId))
      .for('update');
    if (!model) throw new AppError('NOT_FOUND', 'No such model');
    if (!model.requested) throw new AppError('CONFLICT', 'This model is not waiting for a review');
    const wasPublished = model.status === 'published';
    const next: ModelStatus = verdict.verdict === 'approve' || wasPublished ? 'published' : 'rejected';
    if (!canTransitionModel(model.status, next))
      throw new AppError('CONFLICT', 'The model cannot be reviewed now');
    await tx
      .update(models)
      .set({
        status: next,
        reviewStatus: verdict.verdict === 'approve' ? 'reviewed' : 'not_reviewed',
        reviewScore: verdict.verdict === 'approve' ? verdict.score : null,
        reviewNote: verdict.note || null,
        reviewRequestedAt: null,
        reviewedAt: now,
        updatedAt: now,
        ...(next === 'published' && !wasPublished ? { publishedAt: now } : {}),
      })
      .where(eq(models.id, modelId));
    const published = next === 'published' && !wasPublished;
    if (published) {
      const counted = [...new Set([model.categoryId, model.rootCategoryId])];
      await tx
        .update(categories)
        .set({ itemCount: sql`${categories.itemCount} + 1` })
        .where(inArray(categories.id, counted));
      if (model.tags.length > 0)
        await tx
          .insert(tags)
          .values(model.tags.map((name) => ({ name, modelCount: 1 })))
          .onConflictDoUpdate({ target: tags.name, set: { modelCount: sql`${tags.modelCount} + 1` } });
    }
    return { published };
  });
}

/** Adds a role to a user (a buyer who starts selling). */
export async function addUserRole(userId: number, role: (typeof userRoles)[number]): Promise<void> {
  const db = await getDb();
  await db
    .update(users)
    .set({ roles: sql`array_append(${users.roles}, ${role}::user_role)` })
    .where(and(eq(users.id, userId), sql`not (${role}::user_role = any(${users.roles}))`));
}
