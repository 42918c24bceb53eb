/**
 * The admin's side of business accounts (spec §6 "by application"): the list of applications and the
 * decision on each. Approving creates the team and emails its owner invitation (decision 0021).
 */
import { hashToken, randomToken } from '@/server/auth/tokens';
import { AppError } from '@/server/errors';
import { sendEmail } from '@/server/mail/outbox';

import { applicationStatuses, type ApplicationStatus } from '../application-lifecycle';
import { adminPageSize, applicationDecisionSchema, invitationLifetimeMs } from '../team-schemas';
import { writeInvitationEmail, type InvitationEmailWriter } from './invitation-email';
import { decideApplicationRow, findApplications, type ApplicationDto } from './repository';

export function statusFilterOf(value: unknown): ApplicationStatus | null {
  return applicationStatuses.find((s) => s === value) ?? null;
}

export async function listApplications({
  status,
  page,
}: {
  status: ApplicationStatus | null;
  page: number;
}): Promise<{ items: ApplicationDto[]; total: number; page: number; pages: number }> {
  const current = Math.max(1, Math.floor(page) || 1);
  const { items, total } = await findApplications({
    status,
    limit: adminPageSize,
    offset: (current - 1) * adminPageSize,
  });
  return { items, total, page: current, pages: Math.max(1, Math.ceil(total / adminPageSize)) };
}

/** Approves or rejects a submitted application; a second decision is a CONFLICT. */
export async function decideApplication(
  adminId: number,
  applicationId: number,
  input: unknown,
  {
    now = new Date(),
    writeEmail = writeInvitationEmail,
  }: { now?: Date; writeEmail?: InvitationEmailWriter } = {},
): Promise<{ status: 'approved' | 'rejected'; teamId: number | null }> {
  const parsed = applicationDecisionSchema.safeParse(input);
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'decision: must be approved or rejected');
  const token = randomToken();
  const { application, team } = await decideApplicationRow(applicationId, parsed.data.decision, {
    adminId,
    now,
    ownerInvitation: {
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + invitationLifetimeMs),
    },
  });
  if (team) {
    await sendEmail(
      await writeEmail({
        to: application.email,
        locale: application.locale,
        teamName: team.name,
        token,
        kind: 'owner',
        inviter: null,
      }),
    );
  }
  return { status: parsed.data.decision, teamId: team?.id ?? null };
}
