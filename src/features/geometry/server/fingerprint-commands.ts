/**
 * A mesh file's fingerprint, stored when its analysis ends and looked up among the published models
 * of other sellers (decision 0057). A match is kept as a reason on the model's review: no model is
 * published without an admin's verdict on its current files, so the admin sees the match, with the
 * matching model beside it, before the upload can go public. The seller sees only the usual states.
 */
import { lockModelRow } from '@/features/catalog/server/api';
import { getDb, type SqlSession } from '@/server/db/client';
import { enqueueMeshAnalysis } from '@/server/jobs/kinds';

import { findStolenModelMatch } from './fingerprint-lookup';
import {
  deleteFingerprintMatch,
  findFilesToFingerprint,
  replaceFingerprint,
  saveFingerprintMatch,
} from './fingerprint-repository';

export async function recordFingerprint(input: {
  fileId: number;
  modelId: number;
  vector: ArrayLike<number>;
  now?: Date;
}): Promise<{ matchedModelId: number; distance: number } | null> {
  const now = input.now ?? new Date();
  const db = await getDb();
  const sellerId = await db.transaction(async (tx) => {
    const model = await lockModelRow(tx, input.modelId);
    if (!model) return null;
    await replaceFingerprint(tx, { fileId: input.fileId, modelId: input.modelId, vector: input.vector, now });
    return model.designerId;
  });
  if (sellerId === null) return null;
  const match = await findStolenModelMatch(input.vector, { modelId: input.modelId, sellerId });
  await db.transaction(async (tx) => {
    if (!match) return deleteFingerprintMatch(tx, input.fileId);
    await saveFingerprintMatch(tx, { fileId: input.fileId, modelId: input.modelId, ...match, now });
  });
  return match;
}

/**
 * Queues a new analysis (which stores the fingerprint and looks it up) for every analysed mesh file of
 * a model without a fingerprint: run at each start, it finds nothing once they are done. Returns how
 * many were queued (a file already queued is not queued twice).
 */
export async function queueFingerprintBackfill(db: Pick<SqlSession, 'query'>): Promise<number> {
  const fileIds = await findFilesToFingerprint();
  for (const fileId of fileIds) await enqueueMeshAnalysis(db, fileId);
  return fileIds.length;
}
