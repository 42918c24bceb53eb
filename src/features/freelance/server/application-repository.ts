/**
 * Applications to freelance projects: the only Drizzle access for applying, editing, withdrawing and
 * accepting (decision 0025). Every status change locks the project row first, then the application,
 * and checks the transition table inside the transaction.
 */
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';

import {
  assertApplicationTransition,
  assertProjectTransition,
  openProjectStatuses,
  type ApplicationStatus,
  type ProjectStatus,
} from '@/features/freelance/freelance-lifecycle';
import type { SystemMessageCode } from '@/features/conversations/api';
import { LifecycleTransitionError } from '@/lib/lifecycle';
import { getDb, type Database } from '@/server/db/client';
import { models, publishedModel } from '@/features/catalog/server/api';
import { orders } from '@/features/orders/server/api';
import { conversationParticipants, conversations, messages } from '@/features/conversations/server/api';
import { designerProfiles } from '@/features/designers/server/api';
import { applicationPortfolioModels, projectApplications, projects } from '@/features/freelance/server/schema';
import { users } from '@/server/db/schema/users';
import { AppError } from '@/server/errors';
import type { PaymentProvider } from '@/features/orders/server/api';
import { insertPendingServiceOrder } from '@/features/orders/server/api';

import type { ApplicationDto, ApplicationInput, PortfolioChoiceDto } from '../application-schemas';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A transition refused by the table is a conflict for the caller (409). */
function conflictOnTransition<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof LifecycleTransitionError) throw new AppError('CONFLICT', error.message);
    throw error;
  }
}

export function assertApplicationStep(from: ApplicationStatus, to: ApplicationStatus): void {
  conflictOnTransition(() => assertApplicationTransition(from, to));
}

export function assertProjectStep(from: ProjectStatus, to: ProjectStatus): void {
  conflictOnTransition(() => assertProjectTransition(from, to));
}

export interface ProjectHeadDto {
  id: number;
  ownerId: number;
  title: string;
  status: ProjectStatus;
  budgetCents: number;
  deadline: Date;
  acceptedApplicationId: number | null;
}

export async function findProjectHead(projectId: number): Promise<ProjectHeadDto | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: projects.id,
      ownerId: projects.ownerId,
      title: projects.title,
      status: projects.status,
      budgetCents: projects.budgetCents,
      deadline: projects.deadline,
      acceptedApplicationId: projects.acceptedApplicationId,
    })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row ?? null;
}

/** The designer's published models to pick a portfolio from, newest first. */
export async function listPortfolioChoices(designerId: number, limit = 60): Promise<PortfolioChoiceDto[]> {
  const db = await getDb();
  return db
    .select({ id: models.id, title: models.title })
    .from(models)
    .where(and(eq(models.designerId, designerId), publishedModel))
    .orderBy(desc(models.id))
    .limit(limit);
}

const applicationColumns = {
  id: projectApplications.id,
  projectId: projectApplications.projectId,
  projectTitle: projects.title,
  projectOwnerId: projects.ownerId,
  projectStatus: projects.status,
  designerId: projectApplications.designerId,
  designerUsername: users.username,
  designerDisplayName: users.displayName,
  designerAvatarKey: users.avatarKey,
  designerRating: sql<number>`coalesce(${designerProfiles.rating}, 0)`.mapWith(Number),
  designerRatingCount: sql<number>`coalesce(${designerProfiles.ratingCount}, 0)`.mapWith(Number),
  designerProjectsDone: sql<number>`coalesce(${designerProfiles.projectsDone}, 0)`.mapWith(Number),
  proposal: projectApplications.proposal,
  priceCents: projectApplications.priceCents,
  deliveryDays: projectApplications.deliveryDays,
  status: projectApplications.status,
  createdAt: projectApplications.createdAt,
  updatedAt: projectApplications.updatedAt,
};

async function withPortfolios(rows: Omit<ApplicationDto, 'portfolioModelIds'>[]): Promise<ApplicationDto[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const links = await db
    .select({
      applicationId: applicationPortfolioModels.applicationId,
      modelId: applicationPortfolioModels.modelId,
    })
    .from(applicationPortfolioModels)
    .innerJoin(models, eq(models.id, applicationPortfolioModels.modelId))
    .where(
      and(
        inArray(
          applicationPortfolioModels.applicationId,
          rows.map((r) => r.id),
        ),
        publishedModel,
      ),
    )
    .orderBy(asc(applicationPortfolioModels.position));
  return rows.map((row) => ({
    ...row,
    portfolioModelIds: links.filter((l) => l.applicationId === row.id).map((l) => l.modelId),
  }));
}

function applicationQuery(db: Database) {
  return db
    .select(applicationColumns)
    .from(projectApplications)
    .innerJoin(projects, eq(projects.id, projectApplications.projectId))
    .innerJoin(users, eq(users.id, projectApplications.designerId))
    .leftJoin(designerProfiles, eq(designerProfiles.userId, projectApplications.designerId));
}

export async function findApplication(applicationId: number): Promise<ApplicationDto | null> {
  const db = await getDb();
  const rows = await applicationQuery(db).where(eq(projectApplications.id, applicationId));
  return (await withPortfolios(rows))[0] ?? null;
}

export async function findDesignerApplication(
  projectId: number,
  designerId: number,
): Promise<ApplicationDto | null> {
  const db = await getDb();
  const rows = await applicationQuery(db).where(
    and(eq(projectApplications.projectId, projectId), eq(projectApplications.designerId, designerId)),
  );
  return (await withPortfolios(rows))[0] ?? null;
}

/** A project's applications the owner compares: submitted and decided ones, not withdrawn. */
export async function listProjectApplications(projectId: number): Promise<ApplicationDto[]> {
  const db = await getDb();
  const rows = await applicationQuery(db)
    .where(and(eq(projectApplications.projectId, projectId), ne(projectApplications.status, 'withdrawn')))
    .orderBy(asc(projectApplications.createdAt), asc(projectApplications.id));
  return withPortfolios(rows);
}

/** The designer's applications (the dashboard), newest first. */
export async function listDesignerApplications(designerId: number, limit = 100): Promise<ApplicationDto[]> {
  const db = await getDb();
  const rows = await applicationQuery(db)
    .where(eq(projectApplications.designerId, designerId))
    .orderBy(desc(projectApplications.updatedAt), desc(projectApplications.id))
    .limit(limit);
  return withPortfolios(rows);
}

async function lockProject(tx: Tx, projectId: number) {
  const [row] = await tx
    .select({
      id: projects.id,
      ownerId: projects.ownerId,
      title: projects.title,
      status: projects.status,
      orderId: projects.orderId,
      acceptedApplicationId: projects.acceptedApplicationId,
      deadline: projects.deadline,
    })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for('update');
  return row ?? null;
}

/** True when the owner is paying for an application right now (its order is pending). */
async function paymentPending(tx: Tx, orderId: number | null): Promise<boolean> {
  if (orderId === null) return false;
  const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return order?.status === 'pending' || order?.status === 'paid';
}

async function replacePortfolio(tx: Tx, applicationId: number, designerId: number, modelIds: number[]) {
  await tx
    .delete(applicationPortfolioModels)
    .where(eq(applicationPortfolioModels.applicationId, applicationId));
  if (modelIds.length === 0) return;
  const own = await tx
    .select({ id: models.id })
    .from(models)
    .where(and(inArray(models.id, modelIds), eq(models.designerId, designerId), publishedModel));
  const ownIds = new Set(own.map((m) => m.id));
  const kept = modelIds.filter((id) => ownIds.has(id));
  if (kept.length !== modelIds.length) throw new AppError('BAD_REQUEST', 'portfolio:invalid_choice');
  await tx
    .insert(applicationPortfolioModels)
    .values(kept.map((modelId, position) => ({ applicationId, modelId, position })));
}

/**
 * Applies to a published project, or edits the designer's application there (`submitted → submitted`).
 * A new application counts one more applicant on the project in the same transaction.
 */
export async function saveApplication(
  projectId: number,
  designerId: number,
  input: ApplicationInput,
  now: Date,
): Promise<{ id: number; created: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    if (!project || project.ownerId === designerId || !openProjectStatuses.includes(project.status)) {
      if (project && project.ownerId !== designerId && project.status !== 'draft')
        throw new AppError('CONFLICT', 'The project no longer takes applications');
      throw new AppError('NOT_FOUND', 'No such project');
    }
    if (project.deadline.getTime() <= now.getTime())
      throw new AppError('CONFLICT', 'The project’s deadline has passed');
    if (await paymentPending(tx, project.orderId))
      throw new AppError('CONFLICT', 'The owner is accepting an application');
    const [existing] = await tx
      .select({ id: projectApplications.id, status: projectApplications.status })
      .from(projectApplications)
      .where(
        and(eq(projectApplications.projectId, projectId), eq(projectApplications.designerId, designerId)),
      )
      .for('update');
    if (existing) {
      assertApplicationStep(existing.status, 'submitted');
      await tx
        .update(projectApplications)
        .set({
          proposal: input.proposal,
          priceCents: input.priceCents,
          deliveryDays: input.deliveryDays,
          updatedAt: now,
        })
        .where(eq(projectApplications.id, existing.id));
      await replacePortfolio(tx, existing.id, designerId, input.portfolioModelIds);
      return { id: existing.id, created: false };
    }
    const [row] = await tx
      .insert(projectApplications)
      .values({
        projectId,
        designerId,
        proposal: input.proposal,
        priceCents: input.priceCents,
        deliveryDays: input.deliveryDays,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: projectApplications.id });
    await replacePortfolio(tx, row!.id, designerId, input.portfolioModelIds);
    await tx
      .update(projects)
      .set({ applicantsCount: sql`${projects.applicantsCount} + 1` })
      .where(eq(projects.id, projectId));
    return { id: row!.id, created: true };
  });
}

/** The designer withdraws their undecided application; the project counts one applicant less. */
export async function withdrawApplicationRow(
  applicationId: number,
  designerId: number,
  now: Date,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [head] = await tx
      .select({ projectId: projectApplications.projectId, designerId: projectApplications.designerId })
      .from(projectApplications)
      .where(eq(projectApplications.id, applicationId));
    if (!head || head.designerId !== designerId) throw new AppError('NOT_FOUND', 'No such application');
    const project = await lockProject(tx, head.projectId);
    if (!project) throw new AppError('NOT_FOUND', 'No such application');
    if ((await paymentPending(tx, project.orderId)) && project.status === 'published')
      throw new AppError('CONFLICT', 'The owner is accepting an application');
    const [application] = await tx
      .select({ status: projectApplications.status })
      .from(projectApplications)
      .where(eq(projectApplications.id, applicationId))
      .for('update');
    assertApplicationStep(application!.status, 'withdrawn');
    await tx
      .update(projectApplications)
      .set({ status: 'withdrawn', updatedAt: now, decidedAt: now })
      .where(eq(projectApplications.id, applicationId));
    await tx
      .update(projects)
      .set({ applicantsCount: sql`greatest(${projects.applicantsCount} - 1, 0)` })
      .where(eq(projects.id, head.projectId));
  });
}

export type PendingAcceptance =
  { kind: 'charge'; order: { id: number; totalCents: number } } | { kind: 'done'; orderId: number };

/**
 * The owner starts paying for one application: under the project's lock, checks it is published with
 * no accepted application and no pending or paid order for another attempt, then creates (or finds,
 * for a retried attempt) the pending order and links it to the project.
 */
export async function beginAcceptance(
  projectId: number,
  applicationId: number,
  ownerId: number,
  payment: { idempotencyKey: string; paymentProvider: PaymentProvider['name'] },
  now: Date,
): Promise<PendingAcceptance> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    if (!project || project.ownerId !== ownerId) throw new AppError('NOT_FOUND', 'No such application');
    const [application] = await tx
      .select({
        projectId: projectApplications.projectId,
        status: projectApplications.status,
        priceCents: projectApplications.priceCents,
      })
      .from(projectApplications)
      .where(eq(projectApplications.id, applicationId));
    if (!application || application.projectId !== projectId || application.status === 'withdrawn')
      throw new AppError('NOT_FOUND', 'No such application');
    if (project.acceptedApplicationId === applicationId && project.orderId !== null)
      return { kind: 'done', orderId: project.orderId };
    assertProjectStep(project.status, 'in_progress');
    assertApplicationStep(application.status, 'accepted');
    if (project.acceptedApplicationId !== null) throw new AppError('CONFLICT', 'An application is accepted');
    const order = await insertPendingServiceOrder(tx, {
      userId: ownerId,
      kind: 'project',
      amountCents: application.priceCents,
      idempotencyKey: payment.idempotencyKey,
      paymentProvider: payment.paymentProvider,
      now,
    });
    if (!order.created) {
      // A retried attempt: only its own order, for this project, may be charged again.
      if (order.id !== project.orderId || order.totalCents !== application.priceCents)
        throw new AppError('CONFLICT', 'This payment attempt was for something else');
      if (order.status === 'failed') throw new AppError('CONFLICT', 'This payment attempt failed');
      return { kind: 'charge', order: { id: order.id, totalCents: order.totalCents } };
    }
    if (await paymentPending(tx, project.orderId))
      throw new AppError('CONFLICT', 'Another payment for this project is under way');
    await tx.update(projects).set({ orderId: order.id, updatedAt: now }).where(eq(projects.id, projectId));
    return { kind: 'charge', order: { id: order.id, totalCents: order.totalCents } };
  });
}

/**
 * The payment went through: the application is accepted, the other submitted ones declined, the project
 * in progress with its conversation (a new job_application one with both sides and a system message),
 * due date and order; the designer has one more project in progress. Idempotent for the same order.
 */
export async function completeAcceptance(
  projectId: number,
  applicationId: number,
  orderId: number,
  now: Date,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    if (!project) throw new AppError('NOT_FOUND', 'No such project');
    if (project.acceptedApplicationId === applicationId && project.orderId === orderId) return;
    if (project.orderId !== orderId) throw new AppError('CONFLICT', 'Another payment for this project');
    assertProjectStep(project.status, 'in_progress');
    const rows = await tx
      .select({
        id: projectApplications.id,
        status: projectApplications.status,
        designerId: projectApplications.designerId,
        deliveryDays: projectApplications.deliveryDays,
      })
      .from(projectApplications)
      .where(eq(projectApplications.projectId, projectId))
      .orderBy(asc(projectApplications.id))
      .for('update');
    const chosen = rows.find((r) => r.id === applicationId);
    if (!chosen) throw new AppError('NOT_FOUND', 'No such application');
    assertApplicationStep(chosen.status, 'accepted');
    await tx
      .update(projectApplications)
      .set({ status: 'accepted', decidedAt: now, updatedAt: now })
      .where(eq(projectApplications.id, applicationId));
    const declined = rows.filter((r) => r.id !== applicationId && r.status === 'submitted');
    for (const row of declined) assertApplicationStep(row.status, 'declined');
    if (declined.length > 0)
      await tx
        .update(projectApplications)
        .set({ status: 'declined', decidedAt: now, updatedAt: now })
        .where(
          inArray(
            projectApplications.id,
            declined.map((r) => r.id),
          ),
        );
    const [conversation] = await tx
      .insert(conversations)
      .values({
        type: 'job_application',
        subject: project.title,
        createdBy: project.ownerId,
        createdAt: now,
        lastMessageAt: now,
      })
      .returning({ id: conversations.id });
    await tx.insert(conversationParticipants).values([
      { conversationId: conversation!.id, userId: project.ownerId, joinedAt: now },
      { conversationId: conversation!.id, userId: chosen.designerId, joinedAt: now },
    ]);
    await tx.insert(messages).values({
      conversationId: conversation!.id,
      senderId: null,
      kind: 'system',
      body: 'application_accepted' satisfies SystemMessageCode,
      createdAt: now,
    });
    // The other applicants are told in a conversation of their own with the owner (they may ask why).
    for (const row of declined) {
      const [notice] = await tx
        .insert(conversations)
        .values({
          type: 'job_application',
          subject: project.title,
          createdBy: project.ownerId,
          createdAt: now,
          lastMessageAt: now,
        })
        .returning({ id: conversations.id });
      const [message] = await tx
        .insert(messages)
        .values({
          conversationId: notice!.id,
          senderId: null,
          kind: 'system',
          body: 'application_declined' satisfies SystemMessageCode,
          createdAt: now,
        })
        .returning({ id: messages.id });
      await tx.insert(conversationParticipants).values([
        {
          conversationId: notice!.id,
          userId: project.ownerId,
          joinedAt: now,
          lastReadMessageId: message!.id,
        },
        { conversationId: notice!.id, userId: row.designerId, joinedAt: now },
      ]);
    }
    await tx
      .update(projects)
      .set({
        status: 'in_progress',
        acceptedApplicationId: applicationId,
        conversationId: conversation!.id,
        dueAt: new Date(now.getTime() + chosen.deliveryDays * 86_400_000),
        updatedAt: now,
      })
      .where(eq(projects.id, projectId));
    await tx
      .insert(designerProfiles)
      .values({ userId: chosen.designerId, projectsInProgress: 1 })
      .onConflictDoUpdate({
        target: designerProfiles.userId,
        set: { projectsInProgress: sql`${designerProfiles.projectsInProgress} + 1` },
      });
  });
}
