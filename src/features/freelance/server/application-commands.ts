/**
 * Applying to a project, editing and withdrawing an application (the owner accepting one is in
 * acceptance-commands.ts). Every command checks the user and the object itself: an application that is
 * not yours (or a project that is not open to you) is NOT_FOUND. Every status change locks the project
 * row first, then the application, and checks the transition table inside the transaction.
 */
import type { SessionUser } from '@/server/auth/session';
import { hasRole } from '@/server/auth/visitor';
import { getDb, type Transaction } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { assertWithinRateLimit } from '@/server/http/rate-limit';

import {
  validateApplication,
  type ApplicationError,
  type ApplicationField,
  type ApplicationInput,
} from '../application-schemas';
import { openProjectStatuses } from '../freelance-lifecycle';
import { paymentPending } from './acceptance-commands';
import {
  countApplicant,
  decideApplications,
  deletePortfolio,
  findApplication,
  findApplicationHead,
  insertApplication,
  insertPortfolio,
  lockApplicationStatus,
  lockDesignerApplication,
  lockProject,
  selectOwnPublishedModelIds,
  updateApplicationTerms,
} from './application-repository';
import { assertApplicationStep } from './lifecycle-steps';

/** Applications and edits per designer and hour. */
const applicationWritesPerHour = 60;

export type ApplicationResult =
  | { ok: true; id: number; created: boolean }
  | { ok: false; fieldErrors: Partial<Record<ApplicationField, ApplicationError>> };

function requireDesigner(user: SessionUser): void {
  if (!hasRole(user, 'seller')) throw new AppError('FORBIDDEN', 'Only designers apply to projects');
}

function portfolioRefusal(error: unknown): ApplicationResult | null {
  if (error instanceof AppError && error.message === 'portfolio:invalid_choice')
    return { ok: false, fieldErrors: { portfolio: 'invalid_choice' } };
  return null;
}

/** A designer applies to a published project (a second apply edits their application). */
export async function applyToProject(
  user: SessionUser,
  projectId: number,
  input: Record<string, unknown>,
  now = new Date(),
): Promise<ApplicationResult> {
  requireDesigner(user);
  const checked = validateApplication(input);
  if (!checked.ok) return checked;
  await assertWithinRateLimit(`freelance_apply:user:${user.id}`, applicationWritesPerHour, 3_600_000, now);
  try {
    return { ok: true, ...(await saveApplication(projectId, user.id, checked.value, now)) };
  } catch (error) {
    const refusal = portfolioRefusal(error);
    if (refusal) return refusal;
    throw error;
  }
}

/** The designer edits their own submitted application (`submitted → submitted`). */
export async function updateApplication(
  user: SessionUser,
  applicationId: number,
  input: Record<string, unknown>,
  now = new Date(),
): Promise<ApplicationResult> {
  const application = await findApplication(applicationId);
  if (!application || application.designerId !== user.id)
    throw new AppError('NOT_FOUND', 'No such application');
  const checked = validateApplication(input);
  if (!checked.ok) return checked;
  await assertWithinRateLimit(`freelance_apply:user:${user.id}`, applicationWritesPerHour, 3_600_000, now);
  if (application.status !== 'submitted')
    throw new AppError('CONFLICT', `A ${application.status} application cannot be changed`);
  try {
    return { ok: true, ...(await saveApplication(application.projectId, user.id, checked.value, now)) };
  } catch (error) {
    const refusal = portfolioRefusal(error);
    if (refusal) return refusal;
    throw error;
  }
}

/**
 * Applies to a published project, or edits the designer's application there (`submitted → submitted`).
 * A new application counts one more applicant on the project in the same transaction.
 */
async function saveApplication(
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
    const existing = await lockDesignerApplication(tx, projectId, designerId);
    if (existing) {
      assertApplicationStep(existing.status, 'submitted');
      await updateApplicationTerms(tx, existing.id, input, now);
      await replacePortfolio(tx, existing.id, designerId, input.portfolioModelIds);
      return { id: existing.id, created: false };
    }
    const id = await insertApplication(tx, projectId, designerId, input, now);
    await replacePortfolio(tx, id, designerId, input.portfolioModelIds);
    await countApplicant(tx, projectId, 1);
    return { id, created: true };
  });
}

/** The application's portfolio becomes `modelIds`, which must all be the designer's published models. */
async function replacePortfolio(
  tx: Transaction,
  applicationId: number,
  designerId: number,
  modelIds: number[],
) {
  await deletePortfolio(tx, applicationId);
  if (modelIds.length === 0) return;
  const own = await selectOwnPublishedModelIds(tx, designerId, modelIds);
  if (!modelIds.every((id) => own.has(id))) throw new AppError('BAD_REQUEST', 'portfolio:invalid_choice');
  await insertPortfolio(tx, applicationId, modelIds);
}

/** The designer withdraws their undecided application; the project counts one applicant less. */
export async function withdrawApplication(user: SessionUser, applicationId: number, now = new Date()) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const head = await findApplicationHead(tx, applicationId);
    if (!head || head.designerId !== user.id) throw new AppError('NOT_FOUND', 'No such application');
    const project = await lockProject(tx, head.projectId);
    if (!project) throw new AppError('NOT_FOUND', 'No such application');
    if ((await paymentPending(tx, project.orderId)) && project.status === 'published')
      throw new AppError('CONFLICT', 'The owner is accepting an application');
    const status = await lockApplicationStatus(tx, applicationId);
    assertApplicationStep(status!, 'withdrawn');
    await decideApplications(tx, [applicationId], 'withdrawn', now);
    await countApplicant(tx, head.projectId, -1);
  });
}
