import type { LedgerEntry } from '@/features/orders/api';
import { getDb } from '@/server/db/client';
import { readLedger, readLifetimeSpending } from '@/features/orders/server/api';

export async function findLedgerEntries(userId: number): Promise<LedgerEntry[]> {
  return readLedger(await getDb(), userId);
}

export async function findLifetimeSpending(userId: number): Promise<number> {
  return readLifetimeSpending(await getDb(), userId);
}
