/**
 * The owner accepts one application and pays its price (decision 0025): a pending order under the
 * project's lock, the charge through the normal checkout machinery, then the acceptance in one
 * transaction — the project in progress with its conversation, the other applicants declined and told.
 */
import type { SystemMessageCode } from '@/features/conversations/api';
import {
  insertConversation,
  insertMessageRow,
  insertParticipants,
} from '@/features/conversations/server/api';
import { addProjectInProgress } from '@/features/designers/server/api';
import {
  chargeServiceOrder,
  insertPendingServiceOrder,
  paymentProviderFromEnv,
  type PaymentProvider,
} from '@/features/orders/server/api';
import type { SessionUser } from '@/server/auth/session';
import { getDb, type Transaction } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { assertWithinRateLimit } from '@/server/http/rate-limit';

import { acceptInputSchema, type AcceptOutcome } from '../application-schemas';
import {
  decideApplications,
  findApplication,
  findApplicationHead,
  findOrderStatus,
  findProjectPaidBy,
  linkProjectOrder,
  lockProject,
  lockProjectApplications,
  startProjectWork,
} from './application-repository';
import { assertApplicationStep, assertProjectStep } from './lifecycle-steps';

/** True when the owner is paying for an application right now (its order is pending or paid). */
export async function paymentPending(tx: Transaction, orderId: number | null): Promise<boolean> {
  if (orderId === null) return false;
  const status = await findOrderStatus(tx, orderId);
  return status === 'pending' || status === 'paid';
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

type PendingAcceptance =
  { kind: 'charge'; order: { id: number; totalCents: number } } | { kind: 'done'; orderId: number };

/**
 * The owner starts paying for one application: under the project's lock, checks it is published with
 * no accepted application and no pending or paid order for another attempt, then creates (or finds,
 * for a retried attempt) the pending order and links it to the project.
 */
async function beginAcceptance(
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
    const application = await findApplicationHead(tx, applicationId);
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
    await linkProjectOrder(tx, projectId, { orderId: order.id, applicationId }, now);
    return { kind: 'charge', order: { id: order.id, totalCents: order.totalCents } };
  });
}

/**
 * The payment went through: the application is accepted, the other submitted ones declined, the project
 * in progress with its conversation, due date and order; the designer has one more project in
 * progress. Idempotent for the same order.
 */
async function completeAcceptance(
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
    const applications = await lockProjectApplications(tx, projectId);
    const chosen = applications.find((a) => a.id === applicationId);
    if (!chosen) throw new AppError('NOT_FOUND', 'No such application');
    assertApplicationStep(chosen.status, 'accepted');
    await decideApplications(tx, [applicationId], 'accepted', now);
    const declined = applications.filter((a) => a.id !== applicationId && a.status === 'submitted');
    for (const application of declined) assertApplicationStep(application.status, 'declined');
    if (declined.length > 0)
      await decideApplications(
        tx,
        declined.map((a) => a.id),
        'declined',
        now,
      );
    const conversationId = await openWorkConversation(tx, project, chosen.designerId, now);
    for (const application of declined) await tellDeclined(tx, project, application.designerId, now);
    await startProjectWork(
      tx,
      projectId,
      {
        acceptedApplicationId: applicationId,
        conversationId,
        dueAt: new Date(now.getTime() + chosen.deliveryDays * 86_400_000),
      },
      now,
    );
    await addProjectInProgress(tx, chosen.designerId);
  });
}

/**
 * A project's payment found to have gone through after the fact (reconciliation after a crash, the
 * provider's webhook): the acceptance it paid for is completed. False when it cannot be any more (the
 * project went another way meanwhile): the payment is then refunded.
 */
export async function settleProjectPayment(orderId: number, now: Date): Promise<boolean> {
  const paid = await findProjectPaidBy(orderId);
  if (!paid || paid.applicationId === null) return false;
  try {
    await completeAcceptance(paid.projectId, paid.applicationId, orderId, now);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

type ConversationProject = { title: string; ownerId: number };

/** The project's conversation (job_application): the owner and the designer, opened by a system line. */
async function openWorkConversation(
  tx: Transaction,
  project: ConversationProject,
  designerId: number,
  now: Date,
): Promise<number> {
  const conversationId = await insertConversation(tx, {
    type: 'job_application',
    subject: project.title,
    createdBy: project.ownerId,
    now,
  });
  await insertParticipants(tx, conversationId, [{ userId: project.ownerId }, { userId: designerId }], now);
  await insertMessageRow(tx, {
    conversationId,
    senderId: null,
    kind: 'system',
    body: 'application_accepted' satisfies SystemMessageCode,
    now,
  });
  return conversationId;
}

/**
 * A declined applicant is told in a conversation of their own with the owner (they may ask why); the
 * owner has read the notice already.
 */
async function tellDeclined(
  tx: Transaction,
  project: ConversationProject,
  designerId: number,
  now: Date,
): Promise<void> {
  const conversationId = await insertConversation(tx, {
    type: 'job_application',
    subject: project.title,
    createdBy: project.ownerId,
    now,
  });
  const messageId = await insertMessageRow(tx, {
    conversationId,
    senderId: null,
    kind: 'system',
    body: 'application_declined' satisfies SystemMessageCode,
    now,
  });
  await insertParticipants(
    tx,
    conversationId,
    [{ userId: project.ownerId, lastReadMessageId: messageId }, { userId: designerId }],
    now,
  );
}
