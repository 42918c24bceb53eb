/** How far the demo models' background work has come (issue 28): for the log and the admin dashboard. */
import type { SqlSession } from '@/server/db/client';

export interface DemoModelProgress {
  /** Models queued for a mesh since the seed. */
  total: number;
  done: number;
  failed: number;
  /** Queued or running. */
  waiting: number;
  /** Queued, not yet taken by a runner. */
  queued: number;
  /** Models finished in the last minute. */
  perMinute: number;
}

export async function demoModelProgress(db: Pick<SqlSession, 'query'>): Promise<DemoModelProgress> {
  const [row] = await db.query<DemoModelProgress>(
    `SELECT count(*)::int AS total,
       count(*) FILTER (WHERE status = 'succeeded')::int AS done,
       count(*) FILTER (WHERE status = 'failed')::int AS failed,
       count(*) FILTER (WHERE status IN ('queued', 'running'))::int AS waiting,
       count(*) FILTER (WHERE status = 'queued')::int AS queued,
       count(*) FILTER (WHERE status = 'succeeded' AND finished_at > now() - interval '1 minute')::int AS "perMinute"
     FROM jobs WHERE kind = 'demo_model'`,
  );
  return row!;
}
