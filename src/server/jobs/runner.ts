/**
 * Runs queued jobs in the background of a server process: claims one job per free slot, gives its
 * handler a progress callback that also extends the lease, and records success or failure (retried
 * later unless the handler says it is permanent). Several processes may run one each: the database
 * hands every job to one of them.
 */
import { randomUUID } from 'node:crypto';

import type { SqlSession } from '@/server/db/client';
import { logger } from '@/server/logger';

import { claimJob, completeJob, failJob, reportJobProgress, type ClaimedJob } from './queue';

export interface JobContext {
  /** 0–100; also tells the table this worker is alive. */
  reportProgress(progress: number): Promise<void>;
}

export type JobHandler = (job: ClaimedJob, context: JobContext) => Promise<unknown>;

export interface JobRunnerOptions {
  db: SqlSession;
  handlers: Record<string, JobHandler>;
  /** Jobs run at once in this process. */
  concurrency?: number;
  pollMs?: number;
  /** How long a claim holds without a sign of life; a crashed process's jobs wait this long. */
  leaseMs?: number;
  now?: () => Date;
}

export interface JobRunner {
  /** Looks for work now instead of at the next poll (after queueing a job). */
  wake(): void;
  /** Resolves when no job is running and none is due. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, handlers } = options;
  const concurrency = options.concurrency ?? 1;
  const pollMs = options.pollMs ?? 2000;
  const leaseMs = options.leaseMs ?? 60_000;
  const now = options.now ?? (() => new Date());
  const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const kinds = Object.keys(handlers);
  const running = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let idleWaiters: Array<() => void> = [];
  let filling = false;
  let lookAgain = false;

  async function run(job: ClaimedJob) {
    const lease = { id: job.id, workerId };
    let lastProgress = 0;
    const heartbeat = setInterval(() => {
      void reportJobProgress(db, lease, lastProgress, new Date(now().getTime() + leaseMs), now()).catch(
        (error: unknown) => logger.warn({ err: error, job: job.id }, 'job heartbeat failed'),
      );
    }, leaseMs / 3);
    heartbeat.unref();
    try {
      const result = await handlers[job.kind]!(job, {
        reportProgress: async (progress) => {
          lastProgress = progress;
          await reportJobProgress(db, lease, progress, new Date(now().getTime() + leaseMs), now());
        },
      });
      await completeJob(db, lease, result, now());
      logger.info({ job: job.id, kind: job.kind }, 'job done');
    } catch (error) {
      const outcome = await failJob(db, { ...lease, ...job }, error, now());
      logger.warn({ job: job.id, kind: job.kind, err: error, outcome }, 'job failed');
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function fill() {
    if (stopped) return;
    if (filling) {
      // A wake during a pass may be for a job enqueued after that pass looked: look once more after it,
      // before telling `idle()` waiters that nothing is left.
      lookAgain = true;
      return;
    }
    filling = true;
    try {
      do {
        lookAgain = false;
        while (!stopped && running.size < concurrency) {
          const job = await claimJob(db, { kinds, workerId, leaseMs, now: now() });
          if (!job) break;
          const task: Promise<void> = run(job).finally(() => {
            running.delete(task);
            void fill();
          });
          running.add(task);
        }
      } while (lookAgain && !stopped);
    } catch (error) {
      logger.error({ err: error }, 'claiming a job failed');
    } finally {
      filling = false;
    }
    if (running.size === 0) {
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    }
    schedule();
  }

  function schedule() {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void fill(), pollMs);
    timer.unref();
  }

  void fill();
  return {
    wake: () => void fill(),
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        void fill();
      }),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.allSettled([...running]);
    },
  };
}
