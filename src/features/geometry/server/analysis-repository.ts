/** Mesh analysis's only access to Drizzle: reads of the files to analyse and of their stored reports. */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';

import { getDb, type Transaction } from '@/server/db/client';
import { modelFiles, models, publishedModel } from '@/features/catalog/server/api';

import { meshFormats } from '../mesh-formats';
import { storedPrintQuantities, type PrintQuantities } from '../print-estimate';
import { printabilityReport, type PrintabilityReport } from '../printability';

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

/**
 * The printability report of a model's first analysed mesh file (the file the model's geometry
 * follows), from its stored analysis: `undefined` when the model is unknown (or, with
 * `publishedOnly`, not published), null when no mesh file of it has a report yet.
 */
export async function findModelPrintability(
  modelId: number,
  { publishedOnly }: { publishedOnly: boolean },
): Promise<
  { fileName: string; report: PrintabilityReport; printQuantities: PrintQuantities | null } | null | undefined
> {
  const db = await getDb();
  const [model] = await db
    .select({ id: models.id })
    .from(models)
    .where(publishedOnly ? and(eq(models.id, modelId), publishedModel) : eq(models.id, modelId));
  if (!model) return undefined;
  const [file] = await db
    .select({
      fileName: modelFiles.fileName,
      overhangs: sql<unknown>`${modelFiles.analysis} -> 'overhangs'`,
      thinWalls: sql<unknown>`${modelFiles.analysis} -> 'thinWalls'`,
      printQuantities: sql<unknown>`${modelFiles.analysis} -> 'printQuantities'`,
    })
    .from(modelFiles)
    .where(
      and(
        eq(modelFiles.modelId, modelId),
        inArray(modelFiles.format, [...meshFormats]),
        isNotNull(modelFiles.analysis),
      ),
    )
    .orderBy(asc(modelFiles.id))
    .limit(1);
  const report = file ? printabilityReport({ overhangs: file.overhangs, thinWalls: file.thinWalls }) : null;
  return file && report
    ? {
        fileName: file.fileName,
        report,
        printQuantities: storedPrintQuantities({ printQuantities: file.printQuantities }),
      }
    : null;
}
