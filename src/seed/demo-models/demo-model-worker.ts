/** The worker thread that makes demo models' meshes and pictures for the job runner (demo-model-job.ts). */
import { parentPort } from 'node:worker_threads';

import { runDemoModelTask, type DemoModelTask } from './demo-model-task';

const port = parentPort!;

port.on('message', (task: DemoModelTask) => {
  try {
    const result = runDemoModelTask(task, (progress) => port.postMessage({ type: 'progress', progress }));
    port.postMessage({ type: 'result', result }, [
      result.viewer.buffer,
      ...result.files.map((file) => file.bytes.buffer),
      ...result.views.map((view) => view.rgba.buffer),
    ]);
  } catch (error) {
    // A family that throws for a seed throws every time: another attempt cannot help.
    port.postMessage({
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
      permanent: true,
    });
  }
});
