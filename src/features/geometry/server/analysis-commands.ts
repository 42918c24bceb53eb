/** Where a mesh analysis's results go: the file's figures, the model's geometry, its card picture. */
import {
  saveFileAnalysis,
  saveFileAnalysisError,
  updateModelGeometry,
  upsertRenderedPreview,
  type ModelGeometryColumns,
} from '@/features/catalog/server/api';
import { getDb } from '@/server/db/client';

import type { MeshInspection } from '../inspect';
import { findFirstMeshFileId } from './analysis-repository';

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
