/**
 * An admin moderates a make (decisions 0043, 0044): hide or show it again, or ban its poster from
 * posting (the forum's ban, which covers makes). Every action resolves the make's open reports.
 */
import { z } from 'zod';

import { banDays } from '@/features/forum/api';
import { banFromPosting } from '@/features/forum/server/api';
import { resolveReports } from '@/features/moderation/server/api';
import type { SessionUser } from '@/server/auth/session';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { assertWithinRateLimit } from '@/server/http/rate-limit';

import { parseMakeId } from './commands';
import { makeSubjectType } from './moderation-subject';
import { findMakePoster, setMakeHidden } from './repository';

const makeModerationSchema = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['hide', 'unhide']) }),
  z.object({
    action: z.literal('ban'),
    days: z
      .number()
      .int()
      .refine((days) => (banDays as readonly number[]).includes(days)),
  }),
]);
export type MakeModeration = z.infer<typeof makeModerationSchema>;

/** Moderators act quickly through a long queue; a stolen admin session is still slowed. */
const moderationRequestsPerHour = 600;

export async function moderateMake(
  admin: SessionUser,
  rawMakeId: string,
  input: unknown,
  now = new Date(),
): Promise<MakeModeration & { posterUsername: string; modelId: number }> {
  await assertWithinRateLimit(`make_moderation:user:${admin.id}`, moderationRequestsPerHour, 3_600_000, now);
  const makeId = parseMakeId(rawMakeId);
  if (makeId === null) throw new AppError('NOT_FOUND', 'No such make');
  const parsed = makeModerationSchema.safeParse(input);
  if (!parsed.success)
    throw new AppError('BAD_REQUEST', 'action (hide, unhide, or ban with days 1, 7, 30 or 365) is expected');
  const action = parsed.data;
  const poster = await findMakePoster(makeId);
  if (!poster) throw new AppError('NOT_FOUND', 'No such make');
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (action.action === 'ban')
      await banFromPosting(tx, {
        userId: poster.userId,
        until: new Date(now.getTime() + action.days * 86_400_000),
        bannedBy: admin.id,
        now,
      });
    else await setMakeHidden(tx, makeId, action.action === 'hide');
    await resolveReports(tx, {
      subjectType: makeSubjectType,
      subjectId: makeId,
      resolverId: admin.id,
      resolution: action.action,
      now,
    });
  });
  return { ...action, posterUsername: poster.username, modelId: poster.modelId };
}
