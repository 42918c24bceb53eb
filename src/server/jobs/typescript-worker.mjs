// Starts a worker thread whose script is TypeScript: tsx's loader is registered in this thread (a
// `--import tsx` in the thread's execArgv does not reach worker threads on Node 20), then the script runs.
import { workerData } from 'node:worker_threads';

import { register } from 'tsx/esm/api';

register();
await import(workerData.typescriptScript);
