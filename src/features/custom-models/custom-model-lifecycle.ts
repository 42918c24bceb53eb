import { LifecycleTransitionError } from '@/lib/lifecycle';

/**
 * The custom-model creation service (spec §1 "Custom solutions" (a)): the buyer uploads references and
 * pays a fixed price (awaiting payment → submitted); an admin selects a designer (in creation); the
 * designer uploads the result, which goes to the admin's internal QA (in QA); QA passes it to the buyer
 * (awaiting approval) or sends it back (in creation); the buyer approves (approved, the designer is paid)
 * or asks for changes (in creation again). An unpaid request can be cancelled; a paid one is cancelled
 * (and refunded) only by an admin.
 */
export const customModelStatuses = [
  'awaiting_payment',
  'submitted',
  'in_creation',
  'in_qa',
  'awaiting_approval',
  'approved',
  'cancelled',
] as const;
export type CustomModelStatus = (typeof customModelStatuses)[number];

export const customModelTransitions: Readonly<Record<CustomModelStatus, readonly CustomModelStatus[]>> = {
  awaiting_payment: ['submitted', 'cancelled'],
  submitted: ['in_creation', 'cancelled'],
  in_creation: ['in_qa', 'cancelled'],
  in_qa: ['awaiting_approval', 'in_creation'],
  awaiting_approval: ['approved', 'in_creation'],
  approved: [],
  cancelled: [],
};

/** The three steps the buyer follows (spec §1): upload → creation → approve. */
export const customModelSteps = ['upload', 'creation', 'approve'] as const;
export type CustomModelStep = (typeof customModelSteps)[number];

export function stepOf(status: CustomModelStatus): CustomModelStep {
  if (status === 'awaiting_payment' || status === 'submitted') return 'upload';
  if (status === 'in_creation' || status === 'in_qa') return 'creation';
  return 'approve';
}

/** How much work a request is: the documented price table (docs/decisions) maps each to a fixed price. */
export const customModelComplexities = ['simple', 'standard', 'complex'] as const;
export type CustomModelComplexity = (typeof customModelComplexities)[number];

export function canTransitionCustomModel(from: CustomModelStatus, to: CustomModelStatus): boolean {
  return customModelTransitions[from].includes(to);
}

export function assertCustomModelTransition(from: CustomModelStatus, to: CustomModelStatus): void {
  if (!canTransitionCustomModel(from, to))
    throw new LifecycleTransitionError('custom_model_request', from, to);
}
