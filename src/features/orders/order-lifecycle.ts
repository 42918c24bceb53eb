/**
 * An order's lifecycle (DESIGN §4.6): pending while the payment runs; paid when it succeeded;
 * fulfilled once the downloads are open (at once, for digital goods); failed when the payment did
 * not go through; refunded after a refund of a paid or fulfilled order.
 */
import type { OrderStatus } from './commerce-states';

export const orderTransitions: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['paid', 'failed'],
  paid: ['fulfilled', 'refunded'],
  fulfilled: ['refunded'],
  failed: [],
  refunded: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return orderTransitions[from].includes(to);
}

export class OrderTransitionError extends Error {
  override name = 'OrderTransitionError';
  constructor(
    readonly from: OrderStatus,
    readonly to: OrderStatus,
  ) {
    super(`An order cannot go from ${from} to ${to}`);
  }
}

export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (!canTransition(from, to)) throw new OrderTransitionError(from, to);
}

/** Orders whose models the buyer owns. */
export const ownedStatuses = ['paid', 'fulfilled'] as const satisfies readonly OrderStatus[];
