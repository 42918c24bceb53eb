/**
 * Applications to freelance projects in the database (decision 0025): the application pages' reads, and
 * the rows that applying, editing, withdrawing and accepting write. The rules (locks first, then the
 * checks and the transition table) are the commands' (application-commands.ts, acceptance-commands.ts).
 */
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';

import { models, publishedModel } from '@/features/catalog/server/api';
import { designerProfiles } from '@/features/designers/server/api';
import { orders } from '@/features/orders/server/api';
import { getDb, type Database, type Transaction } from '@/server/db/client';
import { users } from '@/server/db/schema/users';

import type { ApplicationDto, ApplicationInput, PortfolioChoiceDto } from '../application-schemas';
import type { ApplicationStatus, ProjectStatus } from '../freelance-lifecycle';
import { applicationPortfolioModels, projectApplications, projects } from './schema';

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

/** The project row, locked for the rest of the transaction; null when there is none. */
export async function lockProject(tx: Transaction, projectId: number) {
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

/** The status of the order an owner pays an application with. */
export async function findOrderStatus(tx: Transaction, orderId: number) {
  const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return order?.status ?? null;
}

/** The designer's application to the project, locked; null when they have none. */
export async function lockDesignerApplication(tx: Transaction, projectId: number, designerId: number) {
  const [row] = await tx
    .select({ id: projectApplications.id, status: projectApplications.status })
    .from(projectApplications)
    .where(and(eq(projectApplications.projectId, projectId), eq(projectApplications.designerId, designerId)))
    .for('update');
  return row ?? null;
}

/** Who applied where (read without a lock). */
export async function findApplicationHead(tx: Transaction, applicationId: number) {
  const [row] = await tx
    .select({
      projectId: projectApplications.projectId,
      designerId: projectApplications.designerId,
      status: projectApplications.status,
      priceCents: projectApplications.priceCents,
    })
    .from(projectApplications)
    .where(eq(projectApplications.id, applicationId));
  return row ?? null;
}

export async function lockApplicationStatus(
  tx: Transaction,
  applicationId: number,
): Promise<ApplicationStatus | null> {
  const [row] = await tx
    .select({ status: projectApplications.status })
    .from(projectApplications)
    .where(eq(projectApplications.id, applicationId))
    .for('update');
  return row?.status ?? null;
}

/** A project's applications, locked, in the order they came. */
export async function lockProjectApplications(tx: Transaction, projectId: number) {
  return tx
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
}

export async function insertApplication(
  tx: Transaction,
  projectId: number,
  designerId: number,
  input: ApplicationInput,
  now: Date,
): Promise<number> {
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
  return row!.id;
}

export async function updateApplicationTerms(
  tx: Transaction,
  applicationId: number,
  input: ApplicationInput,
  now: Date,
): Promise<void> {
  await tx
    .update(projectApplications)
    .set({
      proposal: input.proposal,
      priceCents: input.priceCents,
      deliveryDays: input.deliveryDays,
      updatedAt: now,
    })
    .where(eq(projectApplications.id, applicationId));
}

/** Withdrawn, accepted or declined: the applications' decision, dated `now`. */
export async function decideApplications(
  tx: Transaction,
  applicationIds: number[],
  status: Exclude<ApplicationStatus, 'submitted'>,
  now: Date,
): Promise<void> {
  await tx
    .update(projectApplications)
    .set({ status, updatedAt: now, decidedAt: now })
    .where(inArray(projectApplications.id, applicationIds));
}

export async function deletePortfolio(tx: Transaction, applicationId: number): Promise<void> {
  await tx
    .delete(applicationPortfolioModels)
    .where(eq(applicationPortfolioModels.applicationId, applicationId));
}

/** Which of `modelIds` are the designer's published models. */
export async function selectOwnPublishedModelIds(
  tx: Transaction,
  designerId: number,
  modelIds: number[],
): Promise<Set<number>> {
  const own = await tx
    .select({ id: models.id })
    .from(models)
    .where(and(inArray(models.id, modelIds), eq(models.designerId, designerId), publishedModel));
  return new Set(own.map((m) => m.id));
}

/** The application's portfolio, in the designer's order. */
export async function insertPortfolio(tx: Transaction, applicationId: number, modelIds: number[]) {
  await tx
    .insert(applicationPortfolioModels)
    .values(modelIds.map((modelId, position) => ({ applicationId, modelId, position })));
}

/** One applicant more (`+1`) or fewer (`-1`, never below 0) on the project. */
export async function countApplicant(tx: Transaction, projectId: number, change: 1 | -1): Promise<void> {
  await tx
    .update(projects)
    .set({
      applicantsCount:
        change === 1
          ? sql`${projects.applicantsCount} + 1`
          : sql`greatest(${projects.applicantsCount} - 1, 0)`,
    })
    .where(eq(projects.id, projectId));
}

/** The order an owner is paying an application with. */
export async function linkProjectOrder(
  tx: Transaction,
  projectId: number,
  payment: { orderId: number; applicationId: number },
  now: Date,
) {
  await tx
    .update(projects)
    .set({ orderId: payment.orderId, payingApplicationId: payment.applicationId, updatedAt: now })
    .where(eq(projects.id, projectId));
}

/** The project an order pays for, and the application it pays for. */
export async function findProjectPaidBy(
  orderId: number,
): Promise<{ projectId: number; applicationId: number | null } | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ projectId: projects.id, applicationId: projects.payingApplicationId })
    .from(projects)
    .where(eq(projects.orderId, orderId));
  return row;
}

/** The project goes in progress with the accepted application, its conversation and due date. */
export async function startProjectWork(
  tx: Transaction,
  projectId: number,
  work: { acceptedApplicationId: number; conversationId: number; dueAt: Date },
  now: Date,
): Promise<void> {
  await tx
    .update(projects)
    .set({ status: 'in_progress', ...work, updatedAt: now })
    .where(eq(projects.id, projectId));
}
