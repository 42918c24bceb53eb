/** The admin's queue (decision 0043): open reports, one entry per reported subject. */
import { asc, count, eq, min, sql } from 'drizzle-orm';

import { getDb } from '@/server/db/client';

import type { ReportReason } from '../api';
import type { ReportedContent } from './subjects';
import { reports } from './schema';

export interface ReportGroup {
  subjectType: string;
  subjectId: number;
  reportCount: number;
  firstReportedAt: Date;
  reasons: ReportReason[];
  notes: string[];
}

export interface QueueEntry {
  group: ReportGroup;
  /** Null: the content is gone (deleted), or no feature knows its type any more. */
  content: ReportedContent | null;
}

export const queuePageSize = 50;

/** Subjects with open reports, the longest waiting first, with their reasons and reporters' notes. */
export async function findOpenReportGroups(): Promise<{ groups: ReportGroup[]; total: number }> {
  const db = await getDb();
  const open = eq(reports.state, 'open');
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        subjectType: reports.subjectType,
        subjectId: reports.subjectId,
        reportCount: count(),
        firstReportedAt: min(reports.createdAt),
        reasons: sql<string[]>`array_agg(distinct ${reports.reason})`,
        notes: sql<string[]>`array_remove(array_agg(nullif(${reports.note}, '')), null)`,
      })
      .from(reports)
      .where(open)
      .groupBy(reports.subjectType, reports.subjectId)
      .orderBy(asc(min(reports.createdAt)), asc(reports.subjectType), asc(reports.subjectId))
      .limit(queuePageSize),
    countOpenReportedSubjects().then((n) => [{ n }]),
  ]);
  return {
    groups: rows.map((row) => ({
      ...row,
      firstReportedAt: new Date(row.firstReportedAt ?? 0),
      reasons: row.reasons as ReportReason[],
      notes: row.notes ?? [],
    })),
    total: totals?.n ?? 0,
  };
}

/** How many pieces of content wait in the queue (for the admin dashboard). */
export async function countOpenReportedSubjects(): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(distinct (${reports.subjectType}, ${reports.subjectId}))::int` })
    .from(reports)
    .where(eq(reports.state, 'open'));
  return Number(row?.n ?? 0);
}
