/** Mesh analysis's only access to Drizzle: the files to analyse and where their figures go. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import { meshFormats } from '@/features/geometry/mesh-formats';
import { getDb } from '@/server/db/client';
import { modelFiles, models, previewImages } from '@/features/catalog/server/api';
import { previewAspectPermille, previewWidths } from '@/server/images/previews';

import type { MeshInspection } from '../inspect';

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

/** Pictures the marketplace drew itself (generated or rendered) give way to a rendering of the mesh. */
const replaceablePicture = sql`(${previewImages.storageKey} like 'previews/category/%' or ${previewImages.storageKey} like 'previews/rendered/%')`;

/** True when the model has no picture of the seller's own at position 0. */
export async function needsRenderedPreview(modelId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ replaceable: replaceablePicture })
    .from(previewImages)
    .where(and(eq(previewImages.modelId, modelId), eq(previewImages.position, 0)));
  return !row || Boolean(row.replaceable);
}

/**
 * Stores a file's figures; the model's own geometry columns follow its first mesh file. A rendered
 * picture becomes the model's card picture unless the seller has given one meanwhile.
 */
export async function saveMeshAnalysis(input: {
  fileId: number;
  modelId: number;
  figures: MeshInspection;
  viewerKey: string;
  renderedPreviewKey: string | null;
}): Promise<{ previewChanged: boolean }> {
  const db = await getDb();
  const { figures } = input;
  return db.transaction(async (tx) => {
    await tx
      .update(modelFiles)
      .set({
        analysis: figures,
        analysisError: null,
        triangles: figures.triangles,
        viewerKey: input.viewerKey,
      })
      .where(eq(modelFiles.id, input.fileId));
    const [first] = await tx
      .select({ id: modelFiles.id })
      .from(modelFiles)
      .where(and(eq(modelFiles.modelId, input.modelId), inArray(modelFiles.format, [...meshFormats])))
      .orderBy(asc(modelFiles.id))
      .limit(1);
    const changes: Partial<typeof models.$inferInsert> = {};
    if (first?.id === input.fileId) {
      const [x, y, z] = figures.boundingBox.size;
      Object.assign(changes, {
        unit: figures.unit,
        polyCount: figures.triangles,
        vertexCount: figures.vertices,
        volumeMm3: figures.volumeMm3,
        bboxXMm: x,
        bboxYMm: y,
        bboxZMm: z,
        thinWallAreaMm2: figures.thinWalls.thinAreaMm2,
        thinWallShare: figures.thinWalls.share,
        selfIntersections: figures.selfIntersections.pairs,
        watertight: figures.watertight,
      });
    }
    let previewChanged = false;
    if (input.renderedPreviewKey) {
      const replaced = await tx
        .insert(previewImages)
        .values({
          modelId: input.modelId,
          position: 0,
          storageKey: input.renderedPreviewKey,
          widths: [...previewWidths],
          aspectPermille: previewAspectPermille,
        })
        .onConflictDoUpdate({
          target: [previewImages.modelId, previewImages.position],
          set: { storageKey: input.renderedPreviewKey, widths: [...previewWidths] },
          setWhere: replaceablePicture,
        })
        .returning({ key: previewImages.storageKey });
      previewChanged = replaced.length > 0;
    }
    if (Object.keys(changes).length > 0 || previewChanged) {
      // The listing index and page caches notice a model by its updated_at.
      await tx
        .update(models)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(models.id, input.modelId));
    }
    return { previewChanged };
  });
}

export async function saveMeshAnalysisError(fileId: number, message: string): Promise<void> {
  const db = await getDb();
  await db
    .update(modelFiles)
    .set({ analysisError: message.slice(0, 500), analysis: null })
    .where(eq(modelFiles.id, fileId));
}
