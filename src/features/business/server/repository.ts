import { and, count, desc, eq } from 'drizzle-orm';

import { getDb } from '@/server/db/client';
import { businessApplications, businessTeams, teamInvitations } from '@/features/business/server/schema';
import { users } from '@/server/db/schema/users';
import { AppError } from '@/server/errors';

import { assertApplicationTransition, type ApplicationStatus } from '../application-lifecycle';
import type { BusinessApplicationInput } from '../schemas';

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

export interface Decided {
  application: { id: number; companyName: string; contactName: string; email: string; locale: string };
  team: { id: number; name: string } | null;
}

/**
 * Records an admin's decision in one transaction under a lock on the application, so two admins (or
 * a double click) cannot both decide it: the second finds it decided and gets a CONFLICT. Approving
 * creates the team (named after the company) and its owner invitation (only the token's hash).
 */
export async function decideApplicationRow(
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
    if (!application) throw new AppError('NOT_FOUND', 'No such application');
    assertApplicationTransition(application.status, decision);
    await tx
      .update(businessApplications)
      .set({ status: decision, decidedAt: now, decidedBy: adminId })
      .where(and(eq(businessApplications.id, applicationId), eq(businessApplications.status, 'submitted')));
    const decided = {
      id: application.id,
      companyName: application.companyName,
      contactName: application.contactName,
      email: application.email,
      locale: application.locale,
    };
    if (decision === 'rejected') return { application: decided, team: null };
    const [team] = await tx
      .insert(businessTeams)
      .values({ name: application.companyName, applicationId, createdAt: now })
      .returning({ id: businessTeams.id, name: businessTeams.name });
    await tx.insert(teamInvitations).values({
      teamId: team!.id,
      email: application.email,
      tokenHash: ownerInvitation.tokenHash,
      invitedBy: adminId,
      expiresAt: ownerInvitation.expiresAt,
      createdAt: now,
    });
    return { application: decided, team: team! };
  });
}
