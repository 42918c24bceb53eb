/**
 * Writes to a model's files, inside the caller's transaction: the studio records and removes a
 * seller's uploads, mesh analysis stores its figures. The model's formats follow its files.
 */
import { and, eq } from 'drizzle-orm';

import type { Transaction } from '@/server/db/client';

import type { LengthUnit } from '../model-attributes';
import { refreshModelFormats } from './model-repository';
import { modelFiles } from './schema';

/** Records a stored file of a model. Returns the file's id. */
export async function insertModelFile(
  tx: Transaction,
  file: { modelId: number; fileName: string; format: string; sizeBytes: number; storageKey: string },
  unit: LengthUnit,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .insert(modelFiles)
    .values({ ...file, unit, createdAt: now })
    .returning({ id: modelFiles.id });
  await refreshModelFormats(tx, file.modelId, now);
  return row!.id;
}

/** Removes a model's file record; returns its storage key, or null when the model has no such file. */
export async function deleteModelFile(
  tx: Transaction,
  modelId: number,
  fileId: number,
  now: Date,
): Promise<string | null> {
  const [row] = await tx
    .delete(modelFiles)
    .where(and(eq(modelFiles.id, fileId), eq(modelFiles.modelId, modelId)))
    .returning({ storageKey: modelFiles.storageKey });
  if (row) await refreshModelFormats(tx, modelId, now);
  return row?.storageKey ?? null;
}

/** A file's analysis figures and the key of the viewer's copy of its mesh. */
export async function saveFileAnalysis(
  tx: Transaction,
  fileId: number,
  result: { analysis: unknown; triangles: number; viewerKey: string },
): Promise<void> {
  await tx
    .update(modelFiles)
    .set({
      analysis: result.analysis,
      analysisError: null,
      triangles: result.triangles,
      viewerKey: result.viewerKey,
    })
    .where(eq(modelFiles.id, fileId));
}

/** Why a file could not be analysed (its first 500 characters); the figures are dropped. */
export async function saveFileAnalysisError(tx: Transaction, fileId: number, message: string): Promise<void> {
  await tx
    .update(modelFiles)
    .set({ analysisError: message.slice(0, 500), analysis: null })
    .where(eq(modelFiles.id, fileId));
}
