/** The studio's only access to Drizzle: reads of a seller's models, their files and pictures, and reviews. */
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';

import { meshFormats, printabilityReport } from '@/features/geometry/api';
import { type ModelStatus } from '@/features/catalog/api';
import { getDb, type Database, type Transaction } from '@/server/db/client';
import {
  categories,
  categoryTranslations,
  modelFiles,
  models,
  previewImages,
} from '@/features/catalog/server/api';
import { users, type userRoles } from '@/server/db/schema/users';
import { fileUrl } from '@/server/files/store';

import type {
  AnalysisState,
  CategoryChoiceDto,
  ModelDetails,
  StudioFileDto,
  StudioModelDto,
  StudioModelSummaryDto,
} from '../schemas';

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

/** The owner of a model and where it stands, or null when there is no such model. */
export async function findModelOwnership(
  modelId: number,
): Promise<{ designerId: number; status: ModelStatus; unit: ModelDetails['unit']; tags: string[] } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ designerId: models.designerId, status: models.status, unit: models.unit, tags: models.tags })
    .from(models)
    .where(eq(models.id, modelId));
  return row ?? null;
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
    degenerateFaces?: number;
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
          degenerateFaces: a.degenerateFaces ?? null,
        }
      : null,
    printability: printabilityReport(a),
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
      licenceTerms: models.licenceTerms,
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

function summaries(db: Database) {
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

/** Locks the model's row for the rest of the transaction (its pictures change one at a time). */
export async function lockModel(tx: Transaction, modelId: number): Promise<void> {
  await tx.select({ id: models.id }).from(models).where(eq(models.id, modelId)).for('update');
}

/** The model's files, those whose mesh analysis has not ended yet, and its pictures. */
export async function countReviewMaterial(
  tx: Transaction,
  modelId: number,
): Promise<{ files: number; pending: number; pictures: number }> {
  const { rows } = await tx.execute<{ files: number; pending: number; pictures: number }>(sql`
    select count(*)::int as files,
      count(*) filter (where ${modelFiles.analysis} is null and ${modelFiles.analysisError} is null
        and ${modelFiles.format} in ${sql.raw(`(${meshFormats.map((f) => `'${f}'`).join(', ')})`)})::int as pending,
      (select count(*)::int from ${previewImages} where ${previewImages.modelId} = ${modelId}) as pictures
    from ${modelFiles} where ${modelFiles.modelId} = ${modelId}`);
  return rows[0]!;
}

/** Adds a role to a user (a buyer who starts selling). */
export async function addUserRole(userId: number, role: (typeof userRoles)[number]): Promise<void> {
  const db = await getDb();
  await db
    .update(users)
    .set({ roles: sql`array_append(${users.roles}, ${role}::user_role)` })
    .where(and(eq(users.id, userId), sql`not (${role}::user_role = any(${users.roles}))`));
}
