/** Fingerprints' and their matches' only access to Drizzle (decision 0057). */
import { and, asc, eq, gt, inArray, isNotNull, ne, notExists, sql } from 'drizzle-orm';

import { modelFiles, models } from '@/features/catalog/server/api';
import { getDb, type Transaction } from '@/server/db/client';
import { meshAnalysisJob } from '@/server/jobs/kinds';

import { meshFormats } from '../mesh-formats';
import { fingerprintMatches, modelFingerprints } from './fingerprint-schema';

/** Stores the file's fingerprint in place of an earlier one, under a new id. Returns the id. */
export async function replaceFingerprint(
  tx: Transaction,
  input: { fileId: number; modelId: number; vector: ArrayLike<number>; now: Date },
): Promise<number> {
  await tx.delete(modelFingerprints).where(eq(modelFingerprints.fileId, input.fileId));
  const [row] = await tx
    .insert(modelFingerprints)
    .values({
      fileId: input.fileId,
      modelId: input.modelId,
      vector: Array.from(input.vector),
      createdAt: input.now,
    })
    .returning({ id: modelFingerprints.id });
  return row!.id;
}

/** The fingerprints stored after `afterId`, in id order, `limit` at a time (the index catches up). */
export async function findFingerprintsAfter(afterId: number, limit: number) {
  const db = await getDb();
  return db
    .select({ id: modelFingerprints.id, vector: modelFingerprints.vector })
    .from(modelFingerprints)
    .where(gt(modelFingerprints.id, afterId))
    .orderBy(asc(modelFingerprints.id))
    .limit(limit);
}

/**
 * Of the fingerprints `ids`, those still stored whose model is published and belongs to a seller
 * other than `sellerId` (and is not the model `modelId` itself).
 */
export async function findRivalFingerprints(ids: number[], modelId: number, sellerId: number) {
  if (ids.length === 0) return [];
  const db = await getDb();
  return db
    .select({ modelId: modelFingerprints.modelId, vector: modelFingerprints.vector })
    .from(modelFingerprints)
    .innerJoin(models, eq(models.id, modelFingerprints.modelId))
    .where(
      and(
        inArray(modelFingerprints.id, ids),
        eq(models.status, 'published'),
        ne(models.designerId, sellerId),
        ne(models.id, modelId),
      ),
    );
}

/** Records (or updates) the file's closest match. */
export async function saveFingerprintMatch(
  tx: Transaction,
  match: { fileId: number; modelId: number; matchedModelId: number; distance: number; now: Date },
): Promise<void> {
  const values = {
    fileId: match.fileId,
    modelId: match.modelId,
    matchedModelId: match.matchedModelId,
    distance: match.distance,
    foundAt: match.now,
  };
  await tx
    .insert(fingerprintMatches)
    .values(values)
    .onConflictDoUpdate({ target: fingerprintMatches.fileId, set: values });
}

/** A file's new analysis found no match: an earlier match of the file no longer holds. */
export async function deleteFingerprintMatch(tx: Transaction, fileId: number): Promise<void> {
  await tx.delete(fingerprintMatches).where(eq(fingerprintMatches.fileId, fileId));
}

/** Each model's closest match among `modelIds` (the review queue's and the admin page's reason). */
export async function findFingerprintMatches(
  modelIds: number[],
): Promise<Map<number, { matchedModelId: number; distance: number }>> {
  const found = new Map<number, { matchedModelId: number; distance: number }>();
  if (modelIds.length === 0) return found;
  const db = await getDb();
  const rows = await db
    .selectDistinctOn([fingerprintMatches.modelId], {
      modelId: fingerprintMatches.modelId,
      matchedModelId: fingerprintMatches.matchedModelId,
      distance: fingerprintMatches.distance,
    })
    .from(fingerprintMatches)
    .where(inArray(fingerprintMatches.modelId, modelIds))
    .orderBy(asc(fingerprintMatches.modelId), asc(fingerprintMatches.distance));
  for (const row of rows)
    found.set(row.modelId, { matchedModelId: row.matchedModelId, distance: row.distance });
  return found;
}

/**
 * Analysed mesh files of models that have no fingerprint at all: files analysed before fingerprints
 * were kept (migration 0034), whose copies the lookup could not find. A model with one fingerprint is
 * left alone (the demo catalogue fingerprints one file of its several), and so is a file whose new
 * analysis has failed for good.
 */
export async function findFilesToFingerprint(): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: modelFiles.id })
    .from(modelFiles)
    .where(
      and(
        isNotNull(modelFiles.analysis),
        inArray(modelFiles.format, [...meshFormats]),
        notExists(
          db
            .select({ id: modelFingerprints.id })
            .from(modelFingerprints)
            .where(eq(modelFingerprints.modelId, modelFiles.modelId)),
        ),
        // One whose new analysis failed for good is not tried again at every start.
        sql`NOT EXISTS (SELECT 1 FROM jobs WHERE jobs.dedupe_key = ${`${meshAnalysisJob}:`} || ${modelFiles.id}
          AND jobs.status = 'failed')`,
      ),
    )
    .orderBy(asc(modelFiles.id));
  return rows.map((row) => row.id);
}
