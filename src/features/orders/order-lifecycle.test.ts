import { describe, expect, it } from 'vitest';

import { orderStatuses } from './commerce-states';

import { assertTransition, canTransition, OrderTransitionError, orderTransitions } from './order-lifecycle';

describe('order lifecycle', () => {
  it('allows exactly pending → paid → fulfilled, pending → failed and paid/fulfilled → refunded', () => {
    const allowed = orderStatuses.flatMap((from) =>
      orderStatuses.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual(
      ['pending→paid', 'pending→failed', 'paid→fulfilled', 'paid→refunded', 'fulfilled→refunded'].sort(),
    );
  });

  it('refuses every other move with a typed error, and failed and refunded are final', () => {
    expect(() => assertTransition('failed', 'paid')).toThrow(OrderTransitionError);
    expect(() => assertTransition('fulfilled', 'pending')).toThrow('cannot go from fulfilled to pending');
    expect(() => assertTransition('pending', 'fulfilled')).toThrow(OrderTransitionError);
    expect(orderTransitions.failed).toEqual([]);
    expect(orderTransitions.refunded).toEqual([]);
  });
});
