import { and, count, desc, eq } from 'drizzle-orm';

import { getDb, type Transaction } from '@/server/db/client';
import { users } from '@/server/db/schema/users';

import type { ApplicationStatus } from '../application-lifecycle';
import type { BusinessApplicationInput } from '../schemas';
import { businessApplications, businessTeams, teamInvitations } from './schema';

export async function insertBusinessApplication(input: BusinessApplicationInput): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .insert(businessApplications)
    .values({
      companyName: input.companyName,
      contactName: input.contactName,
      email: input.email,
      locale: input.locale,
    })
    .returning({ id: businessApplications.id });
  return row!.id;
}

export interface ApplicationDto {
  id: number;
  companyName: string;
  contactName: string;
  email: string;
  locale: string;
  status: ApplicationStatus;
  createdAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
  teamId: number | null;
}

/** Applications for the admin list, newest first, optionally of one status. */
export async function findApplications({
  status,
  limit,
  offset,
}: {
  status: ApplicationStatus | null;
  limit: number;
  offset: number;
}): Promise<{ items: ApplicationDto[]; total: number }> {
  const db = await getDb();
  const where = status ? eq(businessApplications.status, status) : undefined;
  const items = await db
    .select({
      id: businessApplications.id,
      companyName: businessApplications.companyName,
      contactName: businessApplications.contactName,
      email: businessApplications.email,
      locale: businessApplications.locale,
      status: businessApplications.status,
      createdAt: businessApplications.createdAt,
      decidedAt: businessApplications.decidedAt,
      decidedBy: users.username,
      teamId: businessTeams.id,
    })
    .from(businessApplications)
    .leftJoin(users, eq(users.id, businessApplications.decidedBy))
    .leftJoin(businessTeams, eq(businessTeams.applicationId, businessApplications.id))
    .where(where)
    .orderBy(desc(businessApplications.createdAt), desc(businessApplications.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(businessApplications).where(where);
  return { items, total: total?.n ?? 0 };
}

/** The application, locked until the transaction ends; null when there is none. */
export async function lockApplication(tx: Transaction, applicationId: number) {
  const [application] = await tx
    .select({
      id: businessApplications.id,
      companyName: businessApplications.companyName,
      contactName: businessApplications.contactName,
      email: businessApplications.email,
      locale: businessApplications.locale,
      status: businessApplications.status,
    })
    .from(businessApplications)
    .where(eq(businessApplications.id, applicationId))
    .for('update');
  return application ?? null;
}

/** Writes an admin's decision (checked by the caller against the lifecycle) on a submitted application. */
export async function updateApplicationDecision(
  tx: Transaction,
  applicationId: number,
  decision: 'approved' | 'rejected',
  { adminId, now }: { adminId: number; now: Date },
): Promise<void> {
  await tx
    .update(businessApplications)
    .set({ status: decision, decidedAt: now, decidedBy: adminId })
    .where(and(eq(businessApplications.id, applicationId), eq(businessApplications.status, 'submitted')));
}

/** The team of an approved application and its owner's invitation (only the token's hash). */
export async function insertTeamWithOwnerInvitation(
  tx: Transaction,
  input: {
    applicationId: number;
    name: string;
    ownerEmail: string;
    ownerInvitation: { tokenHash: string; expiresAt: Date };
    adminId: number;
    now: Date;
  },
): Promise<{ id: number; name: string }> {
  const [team] = await tx
    .insert(businessTeams)
    .values({ name: input.name, applicationId: input.applicationId, createdAt: input.now })
    .returning({ id: businessTeams.id, name: businessTeams.name });
  await tx.insert(teamInvitations).values({
    teamId: team!.id,
    email: input.ownerEmail,
    tokenHash: input.ownerInvitation.tokenHash,
    invitedBy: input.adminId,
    expiresAt: input.ownerInvitation.expiresAt,
    createdAt: input.now,
  });
  return team!;
}
