import { cache } from 'react';

import { env } from '@/env';
import {
  balanceOf,
  dueExpiries,
  expiresInDays,
  loyaltyLevelOf,
  type LedgerEntry,
} from '@/features/orders/api';
import { readLedger, readLifetimeSpending } from '@/features/orders/server/api';
import { getDb } from '@/server/db/client';

/** Spec §3 "Points account", as of `now`. */
export interface PointsAccount {
  /** The ledger's sum, less what is due to expire by now (written to the ledger at the next purchase). */
  balanceCents: number;
  earnRatePercent: number;
  lifetimeSpendingCents: number;
  level: string;
  next: { level: string; amountLeftCents: number } | null;
  expiresInDays: number | null;
  /** The first-purchase gift, while the user has not bought anything yet. */
  firstPurchaseGiftCents: number | null;
  entries: LedgerEntry[];
}

/** Once per request (the header's widget and the page both ask); `now` is a parameter for tests. */
export const getPointsAccount = cache(async (userId: number, now = new Date()): Promise<PointsAccount> => {
  const db = await getDb();
  const [entries, lifetimeSpendingCents] = await Promise.all([
    readLedger(db, userId),
    readLifetimeSpending(db, userId),
  ]);
  const due = dueExpiries(entries, now).reduce((total, expiry) => total + expiry.amountCents, 0);
  const level = loyaltyLevelOf(lifetimeSpendingCents);
  return {
    balanceCents: balanceOf(entries) + due,
    earnRatePercent: level.earnRatePercent,
    lifetimeSpendingCents,
    level: level.level,
    next: level.next,
    expiresInDays: expiresInDays(entries, now),
    firstPurchaseGiftCents:
      lifetimeSpendingCents === 0 && entries.every((e) => e.kind !== 'gifted')
        ? env.FIRST_PURCHASE_GIFT_CENTS
        : null,
    entries,
  };
});
