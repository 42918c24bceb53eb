/** The kinds of background job, and how each is queued; their handlers live with their features. */
import type { SqlSession } from '@/server/db/client';

import { enqueueJob } from './queue';

export const meshAnalysisJob = 'mesh_analysis';

/** Queues the analysis of a stored model file (once while one is pending). */
export function enqueueMeshAnalysis(db: Pick<SqlSession, 'query'>, modelFileId: number) {
  return enqueueJob(db, {
    kind: meshAnalysisJob,
    payload: { modelFileId },
    dedupeKey: `${meshAnalysisJob}:${modelFileId}`,
  });
}
