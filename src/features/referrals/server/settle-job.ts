/**
 * The hourly job that pays referral rewards as they fall due (decision 0048), for members who do not
 * open the invite page (which pays its own on sight).
 */
import type { SqlSession } from '@/server/db/client';
import { enqueueJob } from '@/server/jobs/queue';
import type { JobHandler } from '@/server/jobs/runner';
import { logger } from '@/server/logger';

import { settleReferralRewards, type ReferralRules } from './commands';

export const referralSettleJob = 'referral_settle';
const hourMs = 3_600_000;

/** The next run: the start of the next hour. */
export function nextSettleTime(now: Date): Date {
  return new Date(Math.floor(now.getTime() / hourMs) * hourMs + hourMs);
}

/** Queues the next run (once: the dedupe key keeps one however many processes ask). */
export function scheduleReferralSettle(db: Pick<SqlSession, 'query'>, now = new Date()) {
  const runAfter = nextSettleTime(now);
  return enqueueJob(
    db,
    {
      kind: referralSettleJob,
      payload: {},
      dedupeKey: `${referralSettleJob}:${runAfter.toISOString()}`,
      runAfter,
    },
    now,
  );
}

export function createReferralSettleHandler(options: {
  db: SqlSession;
  rules: ReferralRules;
  now?: () => Date;
}): JobHandler {
  const now = options.now ?? (() => new Date());
  return async (job) => {
    const outcome = await settleReferralRewards(options.rules, now());
    if (outcome.rewarded + outcome.refused > 0)
      logger.info({ job: job.id, ...outcome }, 'referral rewards settled');
    await scheduleReferralSettle(options.db, now());
    return outcome;
  };
}
