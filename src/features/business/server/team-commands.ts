/**
 * A business team's writes: the owner invites by email (a 14-day, one-time link; only its hash is
 * stored) and removes members; an invited user joins. Authorization is checked here, not in routes.
 */
import { hashToken, randomToken } from '@/server/auth/tokens';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { assertWithinRateLimit } from '@/server/http/rate-limit';
import { sendEmail } from '@/server/mail/outbox';

import {
  invitationLifetimeMs,
  invitationsPerHour,
  joinInputSchema,
  removeMemberSchema,
  revokeInvitationSchema,
  validateInvitation,
  type InviteFieldError,
  type JoinOutcome,
} from '../team-schemas';
import { writeInvitationEmail, type InvitationEmailWriter } from './invitation-email';
import {
  deleteOpenInvitation,
  deleteTeamMember,
  findMembership,
  findMembershipsOfTeamOrUser,
  grantBusinessMemberRole,
  insertInvitation,
  insertTeamMember,
  isTeamMemberEmail,
  lockInvitation,
  lockTeam,
  markInvitationAccepted,
  type MembershipDto,
} from './team-repository';

interface Actor {
  id: number;
  username: string;
  displayName: string | null;
}

/** The actor's team when they own it; anybody else may not manage a team (403). */
async function ownedTeam(userId: number): Promise<MembershipDto> {
  const membership = await findMembership(userId);
  if (membership?.role !== 'owner') throw new AppError('FORBIDDEN', 'Only the team owner may do this');
  return membership;
}

export async function inviteToTeam(
  actor: Actor,
  input: unknown,
  {
    now = new Date(),
    writeEmail = writeInvitationEmail,
  }: { now?: Date; writeEmail?: InvitationEmailWriter } = {},
): Promise<{ ok: true; invitationId: number } | { ok: false; fieldErrors: { email: InviteFieldError } }> {
  const team = await ownedTeam(actor.id);
  const checked = validateInvitation(input);
  if (!checked.ok) return checked;
  await assertWithinRateLimit(`team_invite:${actor.id}`, invitationsPerHour, 3_600_000, now);
  if (await isTeamMemberEmail(team.teamId, checked.email))
    return { ok: false, fieldErrors: { email: 'already_member' } };
  const token = randomToken();
  const invitationId = await insertInvitation({
    teamId: team.teamId,
    email: checked.email,
    tokenHash: hashToken(token),
    invitedBy: actor.id,
    expiresAt: new Date(now.getTime() + invitationLifetimeMs),
    now,
  });
  const locale = (input as { locale?: unknown }).locale;
  await sendEmail(
    await writeEmail({
      to: checked.email,
      locale: typeof locale === 'string' ? locale : 'en',
      teamName: team.teamName,
      token,
      kind: 'member',
      inviter: actor.displayName ?? actor.username,
    }),
  );
  return { ok: true, invitationId };
}

export async function revokeInvitation(actorId: number, input: unknown): Promise<void> {
  const parsed = revokeInvitationSchema.safeParse(input);
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'invitationId: must be a positive integer');
  const team = await ownedTeam(actorId);
  if (!(await deleteOpenInvitation(team.teamId, parsed.data.invitationId)))
    throw new AppError('NOT_FOUND', 'No such open invitation');
}

export async function removeTeamMember(actorId: number, input: unknown): Promise<void> {
  const parsed = removeMemberSchema.safeParse(input);
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'userId: must be a positive integer');
  const team = await ownedTeam(actorId);
  if (parsed.data.userId === actorId) throw new AppError('CONFLICT', 'The owner cannot leave the team');
  if (!(await deleteTeamMember(team.teamId, parsed.data.userId)))
    throw new AppError('NOT_FOUND', 'No such member');
}

/** The signed-in user accepts the invitation of a link's token. */
export async function joinTeam(
  user: { id: number; email: string },
  input: unknown,
  { now = new Date() }: { now?: Date } = {},
): Promise<JoinOutcome> {
  const parsed = joinInputSchema.safeParse(input);
  if (!parsed.success) return { status: 'invalid' };
  return acceptInvitation(hashToken(parsed.data.token), user, now);
}

/**
 * Accepts an invitation in one transaction, under locks on the invitation and the team: only by the
 * user whose email it was sent to, once, before it expires, if they are in no other team. The first
 * member of a team (the one the approval invited) becomes its owner. The user gets the
 * business_member role.
 */
async function acceptInvitation(
  tokenHash: string,
  user: { id: number; email: string },
  now: Date,
): Promise<JoinOutcome> {
  const db = await getDb();
  return db.transaction(async (tx): Promise<JoinOutcome> => {
    const invitation = await lockInvitation(tx, tokenHash);
    if (!invitation) return { status: 'invalid' };
    if (invitation.acceptedAt) return { status: 'used' };
    if (invitation.expiresAt.getTime() <= now.getTime()) return { status: 'expired' };
    if (invitation.email.toLowerCase() !== user.email.toLowerCase()) return { status: 'wrong_email' };
    await lockTeam(tx, invitation.teamId);
    const members = await findMembershipsOfTeamOrUser(tx, invitation.teamId, user.id);
    const own = members.find((m) => m.userId === user.id);
    if (own && own.teamId !== invitation.teamId) return { status: 'other_team' };
    let role: 'owner' | 'member' = own?.role ?? 'member';
    if (!own) {
      role = members.some((m) => m.role === 'owner') ? 'member' : 'owner';
      await insertTeamMember(tx, { teamId: invitation.teamId, userId: user.id, role, now });
    }
    await grantBusinessMemberRole(tx, user.id);
    await markInvitationAccepted(tx, invitation.id, now);
    return { status: 'joined', teamId: invitation.teamId, role };
  });
}
