/**
 * Applying to a project, editing and withdrawing an application, and the owner accepting one (paying
 * the agreed price through the normal checkout machinery). Every command checks the user and the
 * object itself: an application that is not yours (or a project that is not open to you) is NOT_FOUND.
 */
import type { SessionUser } from '@/server/auth/session';
import { hasRole } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { assertWithinRateLimit } from '@/server/http/rate-limit';
import type { PaymentProvider } from '@/features/orders/server/api';
import { paymentProviderFromEnv } from '@/features/orders/server/api';
import { chargeServiceOrder } from '@/features/orders/server/api';

import {
  acceptInputSchema,
  validateApplication,
  type AcceptOutcome,
  type ApplicationError,
  type ApplicationField,
} from '../application-schemas';
import {
  beginAcceptance,
  completeAcceptance,
  findApplication,
  saveApplication,
  withdrawApplicationRow,
} from './application-repository';

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

export async function withdrawApplication(user: SessionUser, applicationId: number, now = new Date()) {
  await withdrawApplicationRow(applicationId, user.id, now);
}

/**
 * The owner accepts one application and pays its price: a pending order under the project's lock (one
 * attempt at a time; a retried attempt with the same key charges the same order), the charge, then the
 * acceptance in one transaction. A declined card accepts nothing.
 */
export async function acceptApplication(
  user: SessionUser,
  applicationId: number,
  input: unknown,
  {
    now = () => new Date(),
    provider = paymentProviderFromEnv(),
  }: { now?: () => Date; provider?: PaymentProvider } = {},
): Promise<AcceptOutcome> {
  const application = await findApplication(applicationId);
  if (!application || application.projectOwnerId !== user.id)
    throw new AppError('NOT_FOUND', 'No such application');
  const parsed = acceptInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError('BAD_REQUEST', `${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  await assertWithinRateLimit(`freelance_accept:user:${user.id}`, 30, 3_600_000, now());
  const pending = await beginAcceptance(
    application.projectId,
    applicationId,
    user.id,
    { idempotencyKey: parsed.data.idempotencyKey, paymentProvider: provider.name },
    now(),
  );
  if (pending.kind === 'done') return { status: 'accepted', orderId: pending.orderId };
  const outcome = await chargeServiceOrder(
    { ...pending.order, description: `Project #${application.projectId}` },
    parsed.data.card,
    { provider, now },
  );
  if (outcome.status === 'failed') return outcome;
  await completeAcceptance(application.projectId, applicationId, outcome.orderId, now());
  return { status: 'accepted', orderId: outcome.orderId };
}
