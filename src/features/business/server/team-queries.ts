import { hashToken } from '@/server/auth/tokens';

import { invitationState, type InvitationDto, type InvitationState } from '../team-schemas';
import {
  findInvitationByTokenHash,
  findMembership,
  findPendingInvitations,
  findTeamMembers,
  sumTeamBusinessCredits,
  type MembershipDto,
  type PendingInvitationDto,
  type TeamMemberDto,
} from './team-repository';

export interface TeamView {
  membership: MembershipDto;
  members: TeamMemberDto[];
  invitations: PendingInvitationDto[];
  businessCreditsCents: number;
}

/** The `/team` page of a member: the team, its members, open invitations, business credits earned. */
export async function getTeamView(userId: number, now = new Date()): Promise<TeamView | null> {
  const membership = await findMembership(userId);
  if (!membership) return null;
  const [members, invitations, businessCreditsCents] = await Promise.all([
    findTeamMembers(membership.teamId),
    findPendingInvitations(membership.teamId, now),
    sumTeamBusinessCredits(membership.teamId),
  ]);
  return { membership, members, invitations, businessCreditsCents };
}

/** The invitation of a link (for the join page), and whether it can still be accepted. */
export async function getInvitation(
  token: string,
  now = new Date(),
): Promise<{ invitation: InvitationDto; state: InvitationState } | null> {
  if (!/^[\w-]{43}$/.test(token)) return null;
  const invitation = await findInvitationByTokenHash(hashToken(token));
  return invitation ? { invitation, state: invitationState(invitation, now) } : null;
}
