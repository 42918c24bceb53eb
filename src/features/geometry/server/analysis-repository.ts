/** Mesh analysis's only access to Drizzle: reads of the files to analyse. */
import { and, asc, eq, inArray } from 'drizzle-orm';

import { getDb, type Transaction } from '@/server/db/client';
import { modelFiles } from '@/features/catalog/server/api';

import { meshFormats } from '../mesh-formats';

export async function findModelFile(id: number) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: modelFiles.id,
      modelId: modelFiles.modelId,
      fileName: modelFiles.fileName,
      storageKey: modelFiles.storageKey,
      unit: modelFiles.unit,
    })
    .from(modelFiles)
    .where(eq(modelFiles.id, id));
  return row ?? null;
}

/** The id of the model's first mesh file, or null when it has none. */
export async function findFirstMeshFileId(tx: Transaction, modelId: number): Promise<number | null> {
  const [first] = await tx
    .select({ id: modelFiles.id })
    .from(modelFiles)
    .where(and(eq(modelFiles.modelId, modelId), inArray(modelFiles.format, [...meshFormats])))
    .orderBy(asc(modelFiles.id))
    .limit(1);
  return first?.id ?? null;
}
