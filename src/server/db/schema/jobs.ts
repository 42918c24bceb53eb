import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const jobStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;
export const jobStatus = pgEnum('job_status', jobStatuses);

/**
 * Background work that must survive a restart (decision 0018): a runner claims a queued job, or a
 * running one whose lease ran out because its process died, and retries failures with a growing delay.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What to do, e.g. 'mesh_analysis'; the runner has one handler per kind. */
    kind: text('kind').notNull(),
    /** Set when the same work must not be queued twice (e.g. 'mesh_analysis:model_file:42'). */
    dedupeKey: text('dedupe_key'),
    payload: jsonb('payload').notNull().default({}),
    status: jobStatus('status').notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    maxAttempts: smallint('max_attempts').notNull().default(3),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** 0–100, reported by the handler while it runs. */
    progress: smallint('progress').notNull().default(0),
    lastError: text('last_error'),
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAfter),
    uniqueIndex('jobs_dedupe_idx')
      .on(t.dedupeKey)
      .where(sql`${t.status} in ('queued', 'running')`),
    check('jobs_progress_range', sql`${t.progress} between 0 and 100`),
  ],
);
