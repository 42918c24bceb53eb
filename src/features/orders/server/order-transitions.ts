/** The one way an order's status is written: the lifecycle (order-lifecycle.ts) must allow the step. */
import type { Transaction } from '@/server/db/client';

import type { OrderStatus } from '../commerce-states';
import { assertTransition } from '../order-lifecycle';
import { updateOrderStatus, type OrderStatusChanges } from './order-repository';

export async function transitionOrder(
  tx: Transaction,
  order: { id: number; status: OrderStatus },
  to: OrderStatus,
  changes: OrderStatusChanges,
): Promise<void> {
  assertTransition(order.status, to);
  await updateOrderStatus(tx, order.id, to, changes);
}
