/** Where a mesh analysis's results go: the file's figures, the model's geometry, its card picture. */
import {
  insertModelFile,
  saveFileAnalysis,
  saveFileAnalysisError,
  updateModelGeometry,
  upsertRenderedPreview,
  type ModelGeometryColumns,
} from '@/features/catalog/server/api';
import { getDb } from '@/server/db/client';

import type { LengthUnit } from '../analyze';
import type { MeshInspection } from '../inspect';
import { findFirstMeshFileId } from './analysis-repository';
import { replaceFingerprint } from './fingerprint-repository';

/** The model's own geometry columns, from one file's figures. */
function modelGeometry(figures: MeshInspection): ModelGeometryColumns {
  const [x, y, z] = figures.boundingBox.size;
  return {
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
  };
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
    await saveFileAnalysis(tx, input.fileId, {
      analysis: figures,
      triangles: figures.triangles,
      viewerKey: input.viewerKey,
    });
    const isFirstMesh = (await findFirstMeshFileId(tx, input.modelId)) === input.fileId;
    const previewChanged = input.renderedPreviewKey
      ? await upsertRenderedPreview(tx, input.modelId, input.renderedPreviewKey)
      : false;
    if (isFirstMesh || previewChanged)
      await updateModelGeometry(tx, input.modelId, isFirstMesh ? modelGeometry(figures) : {});
    return { previewChanged };
  });
}

export async function saveMeshAnalysisError(fileId: number, message: string): Promise<void> {
  const db = await getDb();
  await db.transaction((tx) => saveFileAnalysisError(tx, fileId, message));
}

/**
 * A model whose files the marketplace made itself (the demo catalogue, issue 28), in one transaction:
 * its files (every format of one mesh, so each gets the same figures), the model's geometry, its
 * rendered pictures (from position 0, each unless the seller has put one there) and its fingerprint.
 * Returns the new files' ids; none when the model has gone.
 */
export async function saveGeneratedModel(input: {
  modelId: number;
  /** The files in their units; the figures are in millimetres, as the analysis gives them. */
  files: { fileName: string; format: string; unit: LengthUnit; sizeBytes: number; storageKey: string }[];
  figures: MeshInspection;
  viewerKey: string;
  renderedPreviewKeys: string[];
  fingerprint: ArrayLike<number>;
  now?: Date;
}): Promise<number[]> {
  const now = input.now ?? new Date();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const { unit, ...file } of input.files) {
      const id = await insertModelFile(tx, { modelId: input.modelId, ...file }, unit, now);
      await saveFileAnalysis(tx, id, {
        analysis: input.figures,
        triangles: input.figures.triangles,
        viewerKey: input.viewerKey,
      });
      ids.push(id);
    }
    for (const [position, key] of input.renderedPreviewKeys.entries())
      await upsertRenderedPreview(tx, input.modelId, key, position);
    await updateModelGeometry(tx, input.modelId, modelGeometry(input.figures));
    await replaceFingerprint(tx, { fileId: ids[0]!, modelId: input.modelId, vector: input.fingerprint, now });
    return ids;
  });
}
