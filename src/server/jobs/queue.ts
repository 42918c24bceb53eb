/**
 * The job table's operations (decision 0018). Every statement takes the clock as a parameter, so tests
 * decide what time it is. A runner claims a job with a lease; while it works it extends the lease; a
 * process that dies leaves a running job whose lease runs out, and any runner claims it again.
 */
import type { SqlSession } from '@/server/db/client';

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  /** A job with the same key that is still queued or running makes this one a no-op. */
  dedupeKey?: string;
  maxAttempts?: number;
  runAfter?: Date;
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

export interface JobRow {
  id: number;
  kind: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  attempts: number;
  progress: number;
  lastError: string | null;
  result: unknown;
}

/** A failure the runner must not retry (a corrupt file stays corrupt). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** Delay before attempt n + 1: 10 s, 40 s, 90 s … capped at an hour. */
export const retryDelayMs = (attempt: number) => Math.min(3_600_000, 10_000 * attempt * attempt);

/** Queues a job; returns its id, or null when an unfinished job has the same dedupe key. */
export async function enqueueJob(
  db: Pick<SqlSession, 'query'>,
  job: NewJob,
  now = new Date(),
): Promise<number | null> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO jobs (kind, payload, dedupe_key, max_attempts, run_after, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6)
     ON CONFLICT (dedupe_key) WHERE status IN ('queued', 'running') DO NOTHING
     RETURNING id::int AS id`,
    [
      job.kind,
      JSON.stringify(job.payload ?? {}),
      job.dedupeKey ?? null,
      job.maxAttempts ?? 3,
      (job.runAfter ?? now).toISOString(),
      now.toISOString(),
    ],
  );
  return rows[0]?.id ?? null;
}

/**
 * Takes the next due job of one of `kinds` (queued and due, or running with an expired lease) and
 * leases it to `workerId` until `now + leaseMs`. Expired jobs that used up their attempts fail first.
 */
export async function claimJob(
  db: SqlSession,
  options: { kinds: readonly string[]; workerId: string; leaseMs: number; now: Date },
): Promise<ClaimedJob | null> {
  const now = options.now.toISOString();
  await db.query(
    `UPDATE jobs SET status = 'failed', finished_at = $1, updated_at = $1, locked_by = NULL,
       last_error = coalesce(last_error || '; ', '') || 'the worker stopped before finishing, ' || attempts || ' times'
     WHERE status = 'running' AND locked_until < $1 AND attempts >= max_attempts`,
    [now],
  );
  const rows = await db.query<ClaimedJob>(
    `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = $1, locked_until = $2,
       progress = 0, updated_at = $3
     WHERE id = (
       SELECT id FROM jobs
       WHERE kind = ANY($4::text[])
         AND ((status = 'queued' AND run_after <= $3) OR (status = 'running' AND locked_until < $3))
       ORDER BY run_after, id
       LIMIT 1
       FOR UPDATE SKIP LOCKED)
     RETURNING id::int AS id, kind, payload, attempts AS attempt, max_attempts AS "maxAttempts"`,
    [options.workerId, new Date(options.now.getTime() + options.leaseMs).toISOString(), now, options.kinds],
  );
  return rows[0] ?? null;
}

/** Records progress and extends the lease; false when the job is no longer this worker's. */
export async function reportJobProgress(
  db: SqlSession,
  job: { id: number; workerId: string },
  progress: number,
  lockedUntil: Date,
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE jobs SET progress = $3, locked_until = $4, updated_at = $5
     WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
    [
      job.id,
      job.workerId,
      Math.max(0, Math.min(100, Math.round(progress))),
      lockedUntil.toISOString(),
      now.toISOString(),
    ],
  );
  return rows.length > 0;
}

export async function completeJob(
  db: SqlSession,
  job: { id: number; workerId: string },
  result: unknown,
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE jobs SET status = 'succeeded', progress = 100, result = $3, locked_by = NULL, locked_until = NULL,
       finished_at = $4, updated_at = $4
     WHERE id = $1 AND locked_by = $2 AND status = 'running'`,
    [job.id, job.workerId, JSON.stringify(result ?? null), now.toISOString()],
  );
}

/** Queues the job again after a delay, or fails it for good (permanent error, or no attempts left). */
export async function failJob(
  db: SqlSession,
  job: { id: number; workerId: string; attempt: number; maxAttempts: number },
  error: unknown,
  now: Date,
): Promise<'retry' | 'failed'> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  const retry = !(error instanceof PermanentJobError) && job.attempt < job.maxAttempts;
  await db.query(
    `UPDATE jobs SET status = $3, last_error = $4, run_after = $5, locked_by = NULL, locked_until = NULL,
       finished_at = $6, updated_at = $7
     WHERE id = $1 AND locked_by = $2 AND status = 'running'`,
    [
      job.id,
      job.workerId,
      retry ? 'queued' : 'failed',
      message,
      new Date(now.getTime() + (retry ? retryDelayMs(job.attempt) : 0)).toISOString(),
      retry ? null : now.toISOString(),
      now.toISOString(),
    ],
  );
  return retry ? 'retry' : 'failed';
}

export async function getJob(db: SqlSession, id: number): Promise<JobRow | null> {
  const rows = await db.query<JobRow>(
    `SELECT id::int AS id, kind, status, attempts, progress, last_error AS "lastError", result
     FROM jobs WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export interface QueueDepth {
  kind: string;
  /** Queued and due: waiting for a free runner. */
  due: number;
  /** Queued for later (retries after their delay, periodic jobs). */
  scheduled: number;
  running: number;
  /** Seconds the longest-waiting due job has been due; 0 when none is. */
  oldestDueSeconds: number;
}

/** The unfinished jobs per kind (for /metrics); one pass over the claim index's queued and running part. */
export async function queueDepth(db: Pick<SqlSession, 'query'>, now = new Date()): Promise<QueueDepth[]> {
  return db.query<QueueDepth>(
    `SELECT kind,
       count(*) FILTER (WHERE status = 'queued' AND run_after <= $1)::int AS due,
       count(*) FILTER (WHERE status = 'queued' AND run_after > $1)::int AS scheduled,
       count(*) FILTER (WHERE status = 'running')::int AS running,
       coalesce(extract(epoch FROM $1::timestamptz - min(run_after) FILTER (
         WHERE status = 'queued' AND run_after <= $1)), 0)::float8 AS "oldestDueSeconds"
     FROM jobs WHERE status IN ('queued', 'running') GROUP BY kind ORDER BY kind`,
    [now.toISOString()],
  );
}
