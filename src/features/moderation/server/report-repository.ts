/** Filing and resolving reports (decision 0043). */
import { and, count, eq, gte, isNull } from 'drizzle-orm';

import type { Transaction } from '@/server/db/client';
import { AppError } from '@/server/errors';

import type { reportReasons, SystemReportReason } from '../api';
import { reports } from './schema';

/** A reporter files at most this many reports an hour: enough for a moderator-minded user, not a bot. */
export const reportsPerHour = 20;

export interface FiledReport {
  id: number;
  /** False: this reporter's report of this subject is still open (one open report per reporter and subject). */
  created: boolean;
}

/**
 * Files a report of a subject (which the caller has checked exists and the reporter may see). While a
 * reporter's report of one subject is open, reporting it again is that report; once it is resolved
 * (dismissed or acted on), a new report is filed. Past `reportsPerHour` a 429.
 */
export async function fileReport(
  tx: Transaction,
  input: {
    subjectType: string;
    subjectId: number;
    reporterId: number;
    reason: (typeof reportReasons)[number];
    note: string;
    now: Date;
  },
): Promise<FiledReport> {
  const { subjectType, subjectId, reporterId } = input;
  const [existing] = await tx
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.subjectType, subjectType),
        eq(reports.subjectId, subjectId),
        eq(reports.reporterId, reporterId),
        eq(reports.state, 'open'),
      ),
    )
    .limit(1);
  if (existing) return { id: existing.id, created: false };
  const hourAgo = new Date(input.now.getTime() - 3_600_000);
  const [recent] = await tx
    .select({ n: count() })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), gte(reports.createdAt, hourAgo)));
  if ((recent?.n ?? 0) >= reportsPerHour)
    throw new AppError('RATE_LIMITED', 'Too many reports in an hour, please try again later', 3600);
  const [inserted] = await tx
    .insert(reports)
    .values({
      subjectType,
      subjectId,
      reporterId,
      reason: input.reason,
      note: input.note,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (inserted) return { id: inserted.id, created: true };
  // Two requests at once: the other one filed it.
  const [raced] = await tx
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.subjectType, subjectType),
        eq(reports.subjectId, subjectId),
        eq(reports.reporterId, reporterId),
        eq(reports.state, 'open'),
      ),
    );
  return { id: raced!.id, created: false };
}

/**
 * The site holds a subject for a moderator itself (a new member's first post with links): an open
 * entry with no reporter, so the queue shows it as held, not as reported by its author. Once per
 * subject while it waits.
 */
export async function holdForReview(
  tx: Transaction,
  input: { subjectType: string; subjectId: number; reason: SystemReportReason; now: Date },
): Promise<void> {
  const open = and(
    eq(reports.subjectType, input.subjectType),
    eq(reports.subjectId, input.subjectId),
    isNull(reports.reporterId),
    eq(reports.state, 'open'),
  );
  const [existing] = await tx.select({ id: reports.id }).from(reports).where(open).limit(1);
  if (existing) return;
  await tx
    .insert(reports)
    .values({
      subjectType: input.subjectType,
      subjectId: input.subjectId,
      reporterId: null,
      reason: input.reason,
      createdAt: input.now,
    })
    .onConflictDoNothing();
}

/** Resolves a subject's open reports with what was done (`hide`, `dismissed`, …); how many there were. */
export async function resolveReports(
  tx: Transaction,
  input: { subjectType: string; subjectId: number; resolverId: number; resolution: string; now: Date },
): Promise<number> {
  const rows = await tx
    .update(reports)
    .set({
      state: 'resolved',
      resolvedAt: input.now,
      resolvedBy: input.resolverId,
      resolution: input.resolution,
    })
    .where(
      and(
        eq(reports.subjectType, input.subjectType),
        eq(reports.subjectId, input.subjectId),
        eq(reports.state, 'open'),
      ),
    )
    .returning({ id: reports.id });
  return rows.length;
}
