/** A signed-in user reports content; an admin dismisses a subject's reports (decision 0043). */
import type { SessionUser } from '@/server/auth/session';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { assertWithinRateLimit } from '@/server/http/rate-limit';

import { reportRequestSchema, subjectRefSchema } from '../api';
import { fileReport, resolveReports, type FiledReport } from './report-repository';
import type { ModerationRegistry } from './subjects';

/** Requests a bot could send without end are slowed before the database is asked anything. */
const reportRequestsPerHour = 60;

export async function reportSubject(
  registry: ModerationRegistry,
  user: SessionUser,
  input: unknown,
  now = new Date(),
): Promise<FiledReport> {
  await assertWithinRateLimit(`report:user:${user.id}`, reportRequestsPerHour, 3_600_000, now);
  const parsed = reportRequestSchema.safeParse(input);
  if (!parsed.success)
    throw new AppError(
      'BAD_REQUEST',
      'subjectType, subjectId, reason (spam, abuse, off_topic, illegal, other) and an optional note of up to 500 characters are expected',
    );
  const { subjectType, subjectId, reason, note } = parsed.data;
  const subject = registry[subjectType];
  if (!subject || !(await subject.isReportable(subjectId, user.id)))
    throw new AppError('NOT_FOUND', 'No such content to report');
  const db = await getDb();
  return db.transaction((tx) =>
    fileReport(tx, { subjectType, subjectId, reporterId: user.id, reason, note, now }),
  );
}

/** An admin finds nothing wrong with a subject: its open reports are resolved as dismissed. */
export async function dismissReports(admin: SessionUser, input: unknown, now = new Date()): Promise<number> {
  const parsed = subjectRefSchema.safeParse(input);
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'subjectType and subjectId are expected');
  const db = await getDb();
  const resolved = await db.transaction((tx) =>
    resolveReports(tx, { ...parsed.data, resolverId: admin.id, resolution: 'dismissed', now }),
  );
  if (resolved === 0) throw new AppError('NOT_FOUND', 'No open reports of this content');
  return resolved;
}
