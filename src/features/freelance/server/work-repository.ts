/**
 * The work phase of a freelance project in the database (decision 0025): the work panel's and the
 * dashboard's reads, and the project rows that deliveries, revision requests, approval, disputes and
 * reviews write. The rules (the lock, who may act, the transition table) are in work-commands.ts.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';

import { messageAttachments, messages } from '@/features/conversations/server/api';
import { designerProfiles } from '@/features/designers/server/api';
import { designerEarnings } from '@/features/orders/server/api';
import { getDb, type Transaction } from '@/server/db/client';
import { users } from '@/server/db/schema/users';

import type { ProjectWorkDto, WorkMessageDto } from '../application-schemas';
import type { ProjectStatus } from '../freelance-lifecycle';
import { projectApplications, projectReviews, projects } from './schema';

const designerUser = sql<string>`(select ${users.username} from ${users} where ${users.id} = ${projectApplications.designerId})`;
const ownerUser = sql<string>`(select u.username from users u where u.id = ${projects.ownerId})`;

/** A project once an application is accepted: who works on it, for how much, until when. */
export async function findProjectWork(projectId: number): Promise<ProjectWorkDto | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      projectId: projects.id,
      title: projects.title,
      ownerId: projects.ownerId,
      designerId: projectApplications.designerId,
      designerUsername: designerUser,
      ownerUsername: ownerUser,
      status: projects.status,
      priceCents: projectApplications.priceCents,
      dueAt: projects.dueAt,
      revisions: projects.revisions,
      conversationId: projects.conversationId,
      completedAt: projects.completedAt,
    })
    .from(projects)
    .innerJoin(projectApplications, eq(projectApplications.id, projects.acceptedApplicationId))
    .where(eq(projects.id, projectId));
  if (!row) return null;
  const reviews = await db
    .select({ authorId: projectReviews.authorId })
    .from(projectReviews)
    .where(eq(projectReviews.projectId, projectId));
  return { ...row, reviewedBy: reviews.map((r) => r.authorId) };
}

/** The project's steps in its conversation (deliveries with their files, revision requests, approval). */
export async function listWorkMessages(conversationId: number): Promise<WorkMessageDto[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: messages.id,
      kind: messages.kind,
      senderId: messages.senderId,
      body: messages.body,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        inArray(messages.kind, ['delivery', 'revision_request', 'approval', 'system']),
      ),
    )
    .orderBy(asc(messages.id));
  const files =
    rows.length === 0
      ? []
      : await db
          .select({
            id: messageAttachments.id,
            messageId: messageAttachments.messageId,
            fileName: messageAttachments.fileName,
            sizeBytes: messageAttachments.sizeBytes,
          })
          .from(messageAttachments)
          .where(
            inArray(
              messageAttachments.messageId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(messageAttachments.id));
  return rows.map((row) => ({
    ...row,
    files: files
      .filter((f) => f.messageId === row.id)
      .map((f) => ({ id: f.id, fileName: f.fileName, sizeBytes: f.sizeBytes })),
  }));
}

/** The project row for its work phase, locked for the rest of the transaction; null when there is none. */
export async function lockWorkProject(tx: Transaction, projectId: number) {
  const [project] = await tx
    .select({
      id: projects.id,
      ownerId: projects.ownerId,
      status: projects.status,
      conversationId: projects.conversationId,
      orderId: projects.orderId,
      acceptedApplicationId: projects.acceptedApplicationId,
    })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for('update');
  return project ?? null;
}

/** Who works on a project for how much: its accepted application's designer and price. */
export async function findAcceptedTerms(tx: Transaction, applicationId: number) {
  const [application] = await tx
    .select({ designerId: projectApplications.designerId, priceCents: projectApplications.priceCents })
    .from(projectApplications)
    .where(eq(projectApplications.id, applicationId));
  return application ?? null;
}

/** The project is delivered, or disputed. */
export async function setWorkStatus(
  tx: Transaction,
  projectId: number,
  status: 'delivered' | 'disputed',
  now: Date,
): Promise<void> {
  await tx.update(projects).set({ status, updatedAt: now }).where(eq(projects.id, projectId));
}

/** Back in progress after a revision request: one more revision. */
export async function reopenForRevision(tx: Transaction, projectId: number, now: Date): Promise<void> {
  await tx
    .update(projects)
    .set({ status: 'in_progress', revisions: sql`${projects.revisions} + 1`, updatedAt: now })
    .where(eq(projects.id, projectId));
}

export async function completeProject(tx: Transaction, projectId: number, now: Date): Promise<void> {
  await tx
    .update(projects)
    .set({ status: 'completed', completedAt: now, updatedAt: now })
    .where(eq(projects.id, projectId));
}

export async function hasReviewedProject(tx: Transaction, projectId: number, authorId: number) {
  const [already] = await tx
    .select({ reviewId: projectReviews.reviewId })
    .from(projectReviews)
    .where(and(eq(projectReviews.projectId, projectId), eq(projectReviews.authorId, authorId)));
  return already !== undefined;
}

/** Links the author's review to the project it is about. */
export async function insertProjectReview(
  tx: Transaction,
  link: { projectId: number; authorId: number; reviewId: number },
): Promise<void> {
  await tx.insert(projectReviews).values(link);
}

export interface OwnerProjectRowDto {
  id: number;
  title: string;
  status: ProjectStatus;
  applicantsCount: number;
  dueAt: Date | null;
  budgetCents: number;
  createdAt: Date;
}

/** The owner's projects (the dashboard), newest first. */
export async function listOwnerProjects(ownerId: number, limit = 100): Promise<OwnerProjectRowDto[]> {
  const db = await getDb();
  return db
    .select({
      id: projects.id,
      title: projects.title,
      status: projects.status,
      applicantsCount: projects.applicantsCount,
      dueAt: projects.dueAt,
      budgetCents: projects.budgetCents,
      createdAt: projects.createdAt,
    })
    .from(projects)
    .where(eq(projects.ownerId, ownerId))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(limit);
}

export interface DeliveryDueDto {
  projectId: number;
  title: string;
  status: ProjectStatus;
  dueAt: Date;
  priceCents: number;
}

/** Projects the designer works on (in progress), the soonest due first. */
export async function listDeliveriesDue(designerId: number): Promise<DeliveryDueDto[]> {
  const db = await getDb();
  const rows = await db
    .select({
      projectId: projects.id,
      title: projects.title,
      status: projects.status,
      dueAt: projects.dueAt,
      priceCents: projectApplications.priceCents,
    })
    .from(projects)
    .innerJoin(projectApplications, eq(projectApplications.id, projects.acceptedApplicationId))
    .where(and(eq(projectApplications.designerId, designerId), eq(projects.status, 'in_progress')))
    .orderBy(asc(projects.dueAt), asc(projects.id));
  return rows.map((r) => ({ ...r, dueAt: r.dueAt ?? new Date(0) }));
}

export interface EarningRowDto {
  kind: string;
  amountCents: number;
  projectId: number | null;
  projectTitle: string | null;
  createdAt: Date;
}

/** A designer's ledger entries, newest first, with the project's title. */
export async function listEarningEntries(designerId: number, limit = 200): Promise<EarningRowDto[]> {
  const db = await getDb();
  return db
    .select({
      kind: designerEarnings.kind,
      amountCents: designerEarnings.amountCents,
      projectId: designerEarnings.projectId,
      projectTitle: projects.title,
      createdAt: designerEarnings.createdAt,
    })
    .from(designerEarnings)
    .leftJoin(projects, eq(projects.id, designerEarnings.projectId))
    .where(eq(designerEarnings.designerId, designerId))
    .orderBy(desc(designerEarnings.createdAt), desc(designerEarnings.id))
    .limit(limit);
}

/** The designer's balance: the sum of every ledger entry. */
export async function sumEarnings(designerId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${designerEarnings.amountCents}), 0)`.mapWith(Number) })
    .from(designerEarnings)
    .where(eq(designerEarnings.designerId, designerId));
  return row?.total ?? 0;
}

export async function findAcceptsCustomRequests(designerId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ accepts: designerProfiles.acceptsCustomRequests })
    .from(designerProfiles)
    .where(eq(designerProfiles.userId, designerId));
  return row?.accepts ?? true;
}
