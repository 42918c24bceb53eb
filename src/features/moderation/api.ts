/**
 * The moderation queue (decision 0043), what the browser and the server share: why a report is filed,
 * and what a report request looks like. Subject types (`forum_post`, `model_review`, …) belong to the
 * features that own the content; moderation only keeps the reports.
 */
import { z } from 'zod';

import { maxReportNoteLength, reportReasons } from './limits';

export * from './limits';

/** Reasons a feature files itself: `held_for_review`, content held until a moderator approves it. */
export const systemReportReasons = ['held_for_review'] as const;
export type SystemReportReason = (typeof systemReportReasons)[number];
export type ReportReason = (typeof reportReasons)[number] | SystemReportReason;

/** A subject type's name: lower case words joined by `_`. */
export const subjectTypeSchema = z.string().regex(/^[a-z][a-z_]{1,39}$/);

export const reportRequestSchema = z.object({
  subjectType: subjectTypeSchema,
  subjectId: z.number().int().positive().max(2_147_483_647),
  reason: z.enum(reportReasons),
  note: z.string().trim().max(maxReportNoteLength).default(''),
});
export type ReportRequest = z.infer<typeof reportRequestSchema>;

export const subjectRefSchema = z.object({
  subjectType: subjectTypeSchema,
  subjectId: z.number().int().positive().max(2_147_483_647),
});
