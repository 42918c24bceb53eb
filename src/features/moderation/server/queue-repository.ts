/** The admin's queue (decision 0043): open reports, one entry per reported subject. */
import { asc, count, eq, min, sql } from 'drizzle-orm';

import { getDb } from '@/server/db/client';

import type { reportReasons, SystemReportReason } from '../api';
import type { ReportedContent } from './subjects';
import { reports } from './schema';

export interface ReportGroup {
  subjectType: string;
  subjectId: number;
  /** Members' open reports (a hold by the site is not one). */
  reportCount: number;
  /** When the subject entered the queue (its first open report or hold). */
  firstReportedAt: Date;
  /** The reasons members gave. */
  reasons: (typeof reportReasons)[number][];
  /** Why the site held it itself, if it did (`held_for_review`). */
  heldFor: SystemReportReason[];
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
        reportCount: count(reports.reporterId),
        firstReportedAt: min(reports.createdAt),
        reasons: sql<
          string[] | null
        >`array_agg(distinct ${reports.reason}) filter (where ${reports.reporterId} is not null)`,
        heldFor: sql<
          string[] | null
        >`array_agg(distinct ${reports.reason}) filter (where ${reports.reporterId} is null)`,
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
      reasons: (row.reasons ?? []) as ReportGroup['reasons'],
      heldFor: (row.heldFor ?? []) as ReportGroup['heldFor'],
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
