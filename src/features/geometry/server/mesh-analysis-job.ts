/**
 * The `mesh_analysis` job (decision 0018): analyses one model file in a worker thread, stores the
 * viewer's copy and the rendered picture, and records the figures. A file that cannot be read fails
 * for good with its reason saved on the file; anything else is retried by the runner.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';

import { env } from '@/env';
import { needsRenderedPreview } from '@/features/catalog/server/api';
import type { SqlSession } from '@/server/db/client';
import { withLocalFile, writeFile } from '@/server/files/store';
import { refreshImageIndex } from '@/server/images/image-index';
import { storePreview } from '@/server/images/previews';
import { PermanentJobError } from '@/server/jobs/queue';
import type { JobHandler } from '@/server/jobs/runner';
import { WorkerPool, WorkerTaskError } from '@/server/jobs/worker-pool';

import type { AnalysisResult, AnalysisTask } from './analysis-task';
import { saveMeshAnalysis, saveMeshAnalysisError } from './analysis-commands';
import { findModelFile } from './analysis-repository';
import { recordFingerprint } from './fingerprint-commands';

// Resolved at run time, not bundled: the thread runs the TypeScript source through tsx.
export const workerScript = path.join(process.cwd(), 'src/features/geometry/server/analysis-worker.ts');

const contentHash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 12);

export function createMeshAnalysisPool(size: number) {
  return new WorkerPool(workerScript, {
    size,
    // Meshes live in typed arrays outside the V8 heap; the heap itself stays small.
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
}

export function createMeshAnalysisHandler(options: {
  pool: WorkerPool;
  db: SqlSession;
  filesRoot?: string;
  maxBytes?: number;
  timeoutMs?: number;
}): JobHandler {
  const maxBytes = options.maxBytes ?? env.MESH_MAX_MB * 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? env.MESH_ANALYSIS_SECONDS * 1000;
  return async (job, context) => {
    const fileId = Number(job.payload.modelFileId);
    const file = Number.isInteger(fileId) ? await findModelFile(fileId) : null;
    if (!file) throw new PermanentJobError(`model file ${String(job.payload.modelFileId)} does not exist`);
    const task: Omit<AnalysisTask, 'filePath'> = {
      fileName: file.fileName,
      unit: file.unit,
      maxBytes,
      // The self-intersection search may use half the budget; its count is then a lower bound.
      checkBudgetMs: timeoutMs / 2,
      overhangThresholdDeg: env.OVERHANG_DEGREES,
    };
    let result: AnalysisResult;
    try {
      result = await withLocalFile(
        file.storageKey,
        (filePath) =>
          options.pool.run<AnalysisResult>({ ...task, filePath } satisfies AnalysisTask, {
            timeoutMs,
            onProgress: (progress) => void context.reportProgress(progress).catch(() => {}),
          }),
        options.filesRoot,
      );
    } catch (error) {
      if (error instanceof WorkerTaskError && error.permanent) {
        await saveMeshAnalysisError(file.id, error.message);
        throw new PermanentJobError(`${file.fileName}: ${error.message}`);
      }
      throw error;
    }
    // Keys carry a hash of the content: the files are cached for good, and a new analysis gets new keys.
    const viewerKey = `viewer/f${file.id}-${contentHash(result.viewer)}.bin`;
    await writeFile(viewerKey, Buffer.from(result.viewer.buffer), options.filesRoot);
    let renderedPreviewKey: string | null = null;
    if (await needsRenderedPreview(file.modelId)) {
      renderedPreviewKey = `previews/rendered/m${file.modelId}-f${file.id}-${contentHash(result.previewPng)}`;
      await storePreview(renderedPreviewKey, Buffer.from(result.previewPng.buffer), options.filesRoot);
    }
    const { previewChanged } = await saveMeshAnalysis({
      fileId: file.id,
      modelId: file.modelId,
      figures: result.figures,
      viewerKey,
      renderedPreviewKey,
    });
    if (previewChanged) await refreshImageIndex(options.db, options.filesRoot);
    await recordFingerprint({ fileId: file.id, modelId: file.modelId, vector: result.fingerprint });
    return {
      triangles: result.figures.triangles,
      volumeMm3: result.figures.volumeMm3,
      watertight: result.figures.watertight,
      selfIntersections: result.figures.selfIntersections.pairs,
    };
  };
}
