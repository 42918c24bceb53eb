/**
 * The work phase of a freelance project (decision 0025): deliveries, revision requests, approval and
 * the designer's pay, disputes and the two reviews. The only Drizzle access for these; every status
 * change locks the project row and checks the transition table inside the transaction.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';

import type { ProjectStatus } from '@/features/freelance/freelance-lifecycle';
import { getDb, type Database } from '@/server/db/client';
import { designerEarnings } from '@/features/orders/server/api';
import { conversations, messageAttachments, messages } from '@/features/conversations/server/api';
import { designerProfiles, designerReviews } from '@/features/designers/server/api';
import { projectApplications, projectReviews, projects } from '@/features/freelance/server/schema';
import { users } from '@/server/db/schema/users';
import { AppError } from '@/server/errors';
import { fulfilServiceOrder } from '@/features/orders/server/api';

import type { ProjectWorkDto, WorkMessageDto } from '../application-schemas';
import { assertProjectStep } from './application-repository';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

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

interface LockedWork {
  id: number;
  ownerId: number;
  designerId: number;
  status: ProjectStatus;
  conversationId: number;
  orderId: number;
  priceCents: number;
}

/** Locks the project and answers who may act on it; anybody else gets NOT_FOUND. */
async function lockWork(
  tx: Tx,
  projectId: number,
  userId: number,
): Promise<LockedWork & { role: 'owner' | 'designer' }> {
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
  if (
    !project ||
    project.acceptedApplicationId === null ||
    project.conversationId === null ||
    project.orderId === null
  )
    throw new AppError('NOT_FOUND', 'No such project');
  const [application] = await tx
    .select({ designerId: projectApplications.designerId, priceCents: projectApplications.priceCents })
    .from(projectApplications)
    .where(eq(projectApplications.id, project.acceptedApplicationId));
  if (!application) throw new AppError('NOT_FOUND', 'No such project');
  const role = userId === project.ownerId ? 'owner' : userId === application.designerId ? 'designer' : null;
  if (!role) throw new AppError('NOT_FOUND', 'No such project');
  return {
    id: project.id,
    ownerId: project.ownerId,
    designerId: application.designerId,
    status: project.status,
    conversationId: project.conversationId,
    orderId: project.orderId,
    priceCents: application.priceCents,
    role,
  };
}

async function insertMessage(
  tx: Tx,
  conversationId: number,
  senderId: number | null,
  kind: 'delivery' | 'revision_request' | 'approval' | 'text' | 'system',
  body: string,
  now: Date,
): Promise<number> {
  const [message] = await tx
    .insert(messages)
    .values({ conversationId, senderId, kind, body, createdAt: now })
    .returning({ id: messages.id });
  await tx.update(conversations).set({ lastMessageAt: now }).where(eq(conversations.id, conversationId));
  return message!.id;
}

/** The conversation a designer's delivery files go to (checked before any byte is stored). */
export async function findDeliveryTarget(
  projectId: number,
  userId: number,
): Promise<{ conversationId: number }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const work = await lockWork(tx, projectId, userId);
    if (work.role !== 'designer') throw new AppError('NOT_FOUND', 'No such project');
    assertProjectStep(work.status, 'delivered');
    return { conversationId: work.conversationId };
  });
}

export interface StoredDeliveryFile {
  storageKey: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

/** The designer delivers: in_progress → delivered, a delivery message with its files. */
export async function recordDelivery(
  projectId: number,
  designerId: number,
  note: string,
  files: StoredDeliveryFile[],
  now: Date,
): Promise<{ messageId: number }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const work = await lockWork(tx, projectId, designerId);
    if (work.role !== 'designer') throw new AppError('NOT_FOUND', 'No such project');
    assertProjectStep(work.status, 'delivered');
    const prefix = `conversations/${work.conversationId}/`;
    if (files.some((f) => !f.storageKey.startsWith(prefix)))
      throw new AppError('BAD_REQUEST', 'files:invalid');
    const used = await tx
      .select({ id: messageAttachments.id })
      .from(messageAttachments)
      .where(
        inArray(
          messageAttachments.storageKey,
          files.map((f) => f.storageKey),
        ),
      );
    if (used.length > 0) throw new AppError('BAD_REQUEST', 'files:invalid');
    const messageId = await insertMessage(tx, work.conversationId, designerId, 'delivery', note, now);
    await tx.insert(messageAttachments).values(files.map((f) => ({ ...f, messageId, createdAt: now })));
    await tx.update(projects).set({ status: 'delivered', updatedAt: now }).where(eq(projects.id, projectId));
    return { messageId };
  });
}

/** The owner asks for changes: delivered → in_progress, one more revision, the note as a message. */
export async function recordRevisionRequest(projectId: number, ownerId: number, note: string, now: Date) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const work = await lockWork(tx, projectId, ownerId);
    if (work.role !== 'owner') throw new AppError('NOT_FOUND', 'No such project');
    if (work.status !== 'delivered')
      throw new AppError('CONFLICT', `A ${work.status} project has nothing to revise`);
    assertProjectStep(work.status, 'in_progress');
    await insertMessage(tx, work.conversationId, ownerId, 'revision_request', note, now);
    await tx
      .update(projects)
      .set({ status: 'in_progress', revisions: sql`${projects.revisions} + 1`, updatedAt: now })
      .where(eq(projects.id, projectId));
  });
}

/**
 * The owner approves: delivered → completed, the order fulfilled, the designer paid (the price and the
 * platform's fee as two ledger entries, unique per project and kind), their counters moved.
 */
export async function recordApproval(
  projectId: number,
  ownerId: number,
  note: string,
  feeOf: (priceCents: number) => number,
  now: Date,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const work = await lockWork(tx, projectId, ownerId);
    if (work.role !== 'owner') throw new AppError('NOT_FOUND', 'No such project');
    // disputed → completed is an admin's settlement, not the owner's approval.
    if (work.status !== 'delivered')
      throw new AppError('CONFLICT', `A ${work.status} project cannot be approved`);
    assertProjectStep(work.status, 'completed');
    await insertMessage(tx, work.conversationId, ownerId, 'approval', note, now);
    await tx
      .update(projects)
      .set({ status: 'completed', completedAt: now, updatedAt: now })
      .where(eq(projects.id, projectId));
    await fulfilServiceOrder(tx, work.orderId, now);
    const feeCents = feeOf(work.priceCents);
    const entries = [
      {
        designerId: work.designerId,
        kind: 'project_payment' as const,
        amountCents: work.priceCents,
        orderId: work.orderId,
        projectId,
        createdAt: now,
      },
      ...(feeCents > 0
        ? [
            {
              designerId: work.designerId,
              kind: 'platform_fee' as const,
              amountCents: -feeCents,
              orderId: work.orderId,
              projectId,
              createdAt: now,
            },
          ]
        : []),
    ];
    await tx.insert(designerEarnings).values(entries);
    await tx
      .update(designerProfiles)
      .set({
        projectsDone: sql`${designerProfiles.projectsDone} + 1`,
        projectsInProgress: sql`greatest(${designerProfiles.projectsInProgress} - 1, 0)`,
      })
      .where(eq(designerProfiles.userId, work.designerId));
  });
}

/** Either side asks an admin to step in: in_progress or delivered → disputed. */
export async function recordDispute(projectId: number, userId: number, note: string, now: Date) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const work = await lockWork(tx, projectId, userId);
    assertProjectStep(work.status, 'disputed');
    if (note) await insertMessage(tx, work.conversationId, userId, 'text', note, now);
    else await insertMessage(tx, work.conversationId, null, 'system', 'dispute_opened', now);
    await tx.update(projects).set({ status: 'disputed', updatedAt: now }).where(eq(projects.id, projectId));
  });
}

/**
 * One review per side after completion: a row in `designer_reviews` (author → the other side) that the
 * profiles show, linked in `project_reviews`; the subject's profile rating becomes the running average.
 */
export async function recordReview(
  projectId: number,
  authorId: number,
  review: { positive: boolean; rating: number; body: string },
  now: Date,
): Promise<{ reviewId: number }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const work = await lockWork(tx, projectId, authorId);
    if (work.status !== 'completed') throw new AppError('CONFLICT', 'Reviews follow a completed project');
    const [already] = await tx
      .select({ reviewId: projectReviews.reviewId })
      .from(projectReviews)
      .where(and(eq(projectReviews.projectId, projectId), eq(projectReviews.authorId, authorId)));
    if (already) throw new AppError('CONFLICT', 'You have reviewed this project');
    const subjectId = work.role === 'owner' ? work.designerId : work.ownerId;
    const [row] = await tx
      .insert(designerReviews)
      .values({ authorId, subjectId, ...review, createdAt: now })
      .returning({ id: designerReviews.id });
    await tx.insert(projectReviews).values({ projectId, authorId, reviewId: row!.id });
    await tx
      .update(designerProfiles)
      .set({
        rating: sql`round(((${designerProfiles.rating} * ${designerProfiles.ratingCount} + ${review.rating}) / (${designerProfiles.ratingCount} + 1))::numeric, 2)::real`,
        ratingCount: sql`${designerProfiles.ratingCount} + 1`,
      })
      .where(eq(designerProfiles.userId, subjectId));
    return { reviewId: row!.id };
  });
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

export async function saveAcceptsCustomRequests(designerId: number, accepts: boolean): Promise<void> {
  const db = await getDb();
  await db
    .insert(designerProfiles)
    .values({ userId: designerId, acceptsCustomRequests: accepts })
    .onConflictDoUpdate({ target: designerProfiles.userId, set: { acceptsCustomRequests: accepts } });
}
