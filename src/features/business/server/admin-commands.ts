/**
 * The admin's side of business accounts (spec §6 "by application"): the list of applications and the
 * decision on each. Approving creates the team and emails its owner invitation (decision 0021).
 */
import { hashToken, randomToken } from '@/server/auth/tokens';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { sendEmail } from '@/server/mail/outbox';

import {
  applicationStatuses,
  assertApplicationTransition,
  type ApplicationStatus,
} from '../application-lifecycle';
import { adminPageSize, applicationDecisionSchema, invitationLifetimeMs } from '../team-schemas';
import { writeInvitationEmail, type InvitationEmailWriter } from './invitation-email';
import {
  findApplications,
  insertTeamWithOwnerInvitation,
  lockApplication,
  updateApplicationDecision,
  type ApplicationDto,
} from './repository';

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

interface Decided {
  application: { id: number; companyName: string; contactName: string; email: string; locale: string };
  team: { id: number; name: string } | null;
}

/**
 * Records an admin's decision in one transaction under a lock on the application, so two admins (or
 * a double click) cannot both decide it: the second finds it decided and gets a CONFLICT. Approving
 * creates the team (named after the company) and its owner invitation (only the token's hash).
 */
async function recordDecision(
  applicationId: number,
  decision: 'approved' | 'rejected',
  {
    adminId,
    now,
    ownerInvitation,
  }: { adminId: number; now: Date; ownerInvitation: { tokenHash: string; expiresAt: Date } },
): Promise<Decided> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const application = await lockApplication(tx, applicationId);
    if (!application) throw new AppError('NOT_FOUND', 'No such application');
    assertApplicationTransition(application.status, decision);
    await updateApplicationDecision(tx, applicationId, decision, { adminId, now });
    const decided = {
      id: application.id,
      companyName: application.companyName,
      contactName: application.contactName,
      email: application.email,
      locale: application.locale,
    };
    if (decision === 'rejected') return { application: decided, team: null };
    const team = await insertTeamWithOwnerInvitation(tx, {
      applicationId,
      name: application.companyName,
      ownerEmail: application.email,
      ownerInvitation,
      adminId,
      now,
    });
    return { application: decided, team };
  });
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
  const { application, team } = await recordDecision(applicationId, parsed.data.decision, {
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
