/** The worker thread that runs mesh analyses for the job runner (mesh-analysis-job.ts). */
import { parentPort } from 'node:worker_threads';

import { GeometryError } from '../mesh';
import { runAnalysisTask, type AnalysisTask } from './analysis-task';

const port = parentPort!;

port.on('message', (task: AnalysisTask) => {
  runAnalysisTask(task, (progress) => port.postMessage({ type: 'progress', progress })).then(
    (result) =>
      port.postMessage({ type: 'result', result }, [result.viewer.buffer, result.previewPng.buffer]),
    (error: unknown) =>
      port.postMessage({
        type: 'error',
        message: error instanceof Error ? error.message : String(error),
        // A bad file stays bad: only other failures are worth another attempt.
        permanent: error instanceof GeometryError,
      }),
  );
});
