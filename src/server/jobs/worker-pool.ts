/**
 * A fixed set of worker threads for CPU-heavy work (mesh analysis): one task per thread at a time, a
 * time budget per task (the thread is terminated and replaced when it overruns), a heap limit per
 * thread, and a crash of a thread fails its task only — never the server.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits, type Transferable } from 'node:worker_threads';

// Resolved at run time, not bundled (this module also runs inside Next.js's server bundle).
const typescriptBootstrap = path.join(process.cwd(), 'src/server/jobs/typescript-worker.mjs');

/** What a worker script posts back: progress along the way, then a result or an error. */
export type WorkerMessage =
  | { type: 'progress'; progress: number }
  | { type: 'result'; result: unknown }
  | { type: 'error'; message: string; permanent: boolean };

export class WorkerTaskError extends Error {
  override name = 'WorkerTaskError';
  constructor(
    message: string,
    /** True when running it again cannot help (bad input, over budget). */
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface WorkerPoolOptions {
  size: number;
  resourceLimits?: ResourceLimits;
}

interface Slot {
  worker: Worker | null;
  busy: boolean;
}

interface Waiting {
  start: (slot: Slot) => void;
}

export class WorkerPool {
  private readonly slots: Slot[];
  private readonly queue: Waiting[] = [];
  private closed = false;

  constructor(
    /** An absolute path; a .ts script runs through tsx. */
    private readonly script: string,
    private readonly options: WorkerPoolOptions,
  ) {
    this.slots = Array.from({ length: Math.max(1, options.size) }, () => ({ worker: null, busy: false }));
  }

  run<T>(
    input: unknown,
    task: { timeoutMs: number; transferList?: Transferable[]; onProgress?: (progress: number) => void },
  ): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    return new Promise<T>((resolve, reject) => {
      const start = (slot: Slot) => {
        slot.busy = true;
        const worker = (slot.worker ??= this.spawn());
        let settled = false;
        const finish = (error: Error | null, value?: unknown) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
          slot.busy = false;
          if (error) reject(error);
          else resolve(value as T);
          this.next();
        };
        const onMessage = (message: WorkerMessage) => {
          if (message.type === 'progress') task.onProgress?.(message.progress);
          else if (message.type === 'result') finish(null, message.result);
          else finish(new WorkerTaskError(message.message, message.permanent));
        };
        const onError = (error: Error) => {
          slot.worker = null;
          const outOfMemory = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
          finish(
            new WorkerTaskError(
              outOfMemory ? 'the file needs more memory than a worker may use' : error.message,
              outOfMemory,
            ),
          );
        };
        const onExit = (code: number) => {
          slot.worker = null;
          finish(new WorkerTaskError(`the worker stopped (exit code ${code})`, false));
        };
        const timer = setTimeout(() => {
          slot.worker = null;
          worker.off('exit', onExit);
          void worker.terminate();
          finish(
            new WorkerTaskError(`the work took longer than its ${task.timeoutMs / 1000} s budget`, true),
          );
        }, task.timeoutMs);
        worker.on('message', onMessage);
        worker.on('error', onError);
        worker.on('exit', onExit);
        worker.postMessage(input, task.transferList);
      };
      const free = this.slots.find((slot) => !slot.busy);
      if (free) start(free);
      else this.queue.push({ start });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((slot) => slot.worker?.terminate()));
  }

  private next() {
    const free = this.slots.find((slot) => !slot.busy);
    const waiting = free && this.queue.shift();
    if (free && waiting) waiting.start(free);
  }

  /** A script ending in .ts runs through tsx (typescript-worker.mjs). */
  private spawn(): Worker {
    const script = String(this.script);
    const typescript = script.endsWith('.ts');
    const worker = new Worker(typescript ? typescriptBootstrap : this.script, {
      workerData: typescript ? { typescriptScript: pathToFileURL(script).href } : undefined,
      resourceLimits: this.options.resourceLimits,
    });
    worker.unref();
    return worker;
  }
}
