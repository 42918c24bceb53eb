/** A designer's earnings ledger: what a freelance project or a custom model paid them, net of the fee. */
import type { Transaction } from '@/server/db/client';

import { designerEarnings } from './schema';

export type PaidService = { projectId: number } | { customModelRequestId: number };

/**
 * Credits a designer with a service's price and records the platform fee as its own negative entry
 * (none when the fee is 0), both pointing at the order and at what was paid for.
 */
export async function recordDesignerPayment(
  tx: Transaction,
  input: {
    designerId: number;
    orderId: number;
    priceCents: number;
    feeCents: number;
    service: PaidService;
    now: Date;
  },
): Promise<void> {
  const kind = 'projectId' in input.service ? 'project_payment' : 'custom_model_payment';
  const common = {
    designerId: input.designerId,
    orderId: input.orderId,
    ...input.service,
    createdAt: input.now,
  };
  await tx
    .insert(designerEarnings)
    .values([
      { ...common, kind, amountCents: input.priceCents },
      ...(input.feeCents > 0
        ? [{ ...common, kind: 'platform_fee' as const, amountCents: -input.feeCents }]
        : []),
    ]);
}
