import { and, asc, eq, gt, inArray, isNull, sql, sum } from 'drizzle-orm';

import { pointsLedger } from '@/features/orders/server/api';
import { getDb, type Transaction } from '@/server/db/client';
import { users } from '@/server/db/schema/users';

import type { InvitationDto } from '../team-schemas';
import { businessTeams, teamInvitations, teamMembers } from './schema';

export interface MembershipDto {
  teamId: number;
  teamName: string;
  role: 'owner' | 'member';
}

/** The team `userId` belongs to (at most one), and their role in it. */
export async function findMembership(userId: number): Promise<MembershipDto | null> {
  const db = await getDb();
  const [row] = await db
    .select({ teamId: businessTeams.id, teamName: businessTeams.name, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(businessTeams, eq(businessTeams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId));
  return row ?? null;
}

export interface TeamMemberDto {
  userId: number;
  username: string;
  displayName: string | null;
  email: string;
  role: 'owner' | 'member';
  joinedAt: Date;
}

/** The owner first, then members by the date they joined. */
export async function findTeamMembers(teamId: number): Promise<TeamMemberDto[]> {
  const db = await getDb();
  return db
    .select({
      userId: users.id,
      username: users.username,
      displayName: users.displayName,
      email: users.email,
      role: teamMembers.role,
      joinedAt: teamMembers.joinedAt,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(sql`${teamMembers.role} = 'owner' desc`, asc(teamMembers.joinedAt), asc(users.id));
}

export interface PendingInvitationDto {
  id: number;
  email: string;
  expiresAt: Date;
  createdAt: Date;
}

/** Invitations not accepted yet and still valid at `now`, newest first. */
export async function findPendingInvitations(teamId: number, now: Date): Promise<PendingInvitationDto[]> {
  const db = await getDb();
  return db
    .select({
      id: teamInvitations.id,
      email: teamInvitations.email,
      expiresAt: teamInvitations.expiresAt,
      createdAt: teamInvitations.createdAt,
    })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.teamId, teamId),
        isNull(teamInvitations.acceptedAt),
        gt(teamInvitations.expiresAt, now),
      ),
    )
    .orderBy(sql`${teamInvitations.createdAt} desc`, sql`${teamInvitations.id} desc`);
}

/** True when a member of the team has this email. */
export async function isTeamMemberEmail(teamId: number, email: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: users.id })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), sql`lower(${users.email}) = lower(${email})`))
    .limit(1);
  return Boolean(row);
}

/** A new invitation; an open one to the same address is replaced (a resend voids the old link). */
export async function insertInvitation(invitation: {
  teamId: number;
  email: string;
  tokenHash: string;
  invitedBy: number;
  expiresAt: Date;
  now: Date;
}): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx
      .delete(teamInvitations)
      .where(
        and(
          eq(teamInvitations.teamId, invitation.teamId),
          sql`lower(${teamInvitations.email}) = lower(${invitation.email})`,
          isNull(teamInvitations.acceptedAt),
        ),
      );
    const [row] = await tx
      .insert(teamInvitations)
      .values({
        teamId: invitation.teamId,
        email: invitation.email,
        tokenHash: invitation.tokenHash,
        invitedBy: invitation.invitedBy,
        expiresAt: invitation.expiresAt,
        createdAt: invitation.now,
      })
      .returning({ id: teamInvitations.id });
    return row!.id;
  });
}

/** Withdraws an open invitation of the team; false when there is none. */
export async function deleteOpenInvitation(teamId: number, invitationId: number): Promise<boolean> {
  const db = await getDb();
  const deleted = await db
    .delete(teamInvitations)
    .where(
      and(
        eq(teamInvitations.id, invitationId),
        eq(teamInvitations.teamId, teamId),
        isNull(teamInvitations.acceptedAt),
      ),
    )
    .returning({ id: teamInvitations.id });
  return deleted.length > 0;
}

/** The invitation behind a link (by the token's hash), with its team's name. */
export async function findInvitationByTokenHash(tokenHash: string): Promise<InvitationDto | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: teamInvitations.id,
      teamId: teamInvitations.teamId,
      teamName: businessTeams.name,
      email: teamInvitations.email,
      expiresAt: teamInvitations.expiresAt,
      acceptedAt: teamInvitations.acceptedAt,
    })
    .from(teamInvitations)
    .innerJoin(businessTeams, eq(businessTeams.id, teamInvitations.teamId))
    .where(eq(teamInvitations.tokenHash, tokenHash));
  return row ?? null;
}

/** The invitation of a token's hash, locked until the transaction ends; null when there is none. */
export async function lockInvitation(tx: Transaction, tokenHash: string) {
  const [invitation] = await tx
    .select({
      id: teamInvitations.id,
      teamId: teamInvitations.teamId,
      email: teamInvitations.email,
      expiresAt: teamInvitations.expiresAt,
      acceptedAt: teamInvitations.acceptedAt,
    })
    .from(teamInvitations)
    .where(eq(teamInvitations.tokenHash, tokenHash))
    .for('update');
  return invitation ?? null;
}

/** Locks the team until the transaction ends (its members are decided one join at a time). */
export async function lockTeam(tx: Transaction, teamId: number): Promise<void> {
  await tx
    .select({ id: businessTeams.id })
    .from(businessTeams)
    .where(eq(businessTeams.id, teamId))
    .for('update');
}

/** The memberships of the team's members and of the user (in whichever team). */
export async function findMembershipsOfTeamOrUser(tx: Transaction, teamId: number, userId: number) {
  return tx
    .select({ teamId: teamMembers.teamId, userId: teamMembers.userId, role: teamMembers.role })
    .from(teamMembers)
    .where(sql`${teamMembers.teamId} = ${teamId} or ${teamMembers.userId} = ${userId}`);
}

export async function insertTeamMember(
  tx: Transaction,
  member: { teamId: number; userId: number; role: 'owner' | 'member'; now: Date },
): Promise<void> {
  await tx
    .insert(teamMembers)
    .values({ teamId: member.teamId, userId: member.userId, role: member.role, joinedAt: member.now });
}

/** Gives the user the business_member role, unless they have it. */
export async function grantBusinessMemberRole(tx: Transaction, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ roles: sql`array_append(${users.roles}, 'business_member'::user_role)` })
    .where(and(eq(users.id, userId), sql`not ('business_member'::user_role = any(${users.roles}))`));
}

export async function markInvitationAccepted(
  tx: Transaction,
  invitationId: number,
  now: Date,
): Promise<void> {
  await tx.update(teamInvitations).set({ acceptedAt: now }).where(eq(teamInvitations.id, invitationId));
}

/** Removes a member (never the owner) and their business_member role; false when there is none. */
export async function deleteTeamMember(teamId: number, userId: number): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(teamMembers)
      .where(
        and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId), eq(teamMembers.role, 'member')),
      )
      .returning({ userId: teamMembers.userId });
    if (deleted.length === 0) return false;
    await tx
      .update(users)
      .set({ roles: sql`array_remove(${users.roles}, 'business_member'::user_role)` })
      .where(eq(users.id, userId));
    return true;
  });
}

/** Business credits the team's members have earned (never expiring), in cents. */
export async function sumTeamBusinessCredits(teamId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ total: sum(pointsLedger.amountCents) })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.business, true),
        eq(pointsLedger.kind, 'earned'),
        inArray(
          pointsLedger.userId,
          db.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, teamId)),
        ),
      ),
    );
  return Number(row?.total ?? 0);
}
