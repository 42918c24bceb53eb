import type { LedgerEntry } from '@/lib/points-ledger';
import { getDb } from '@/server/db/client';
import { readLedger, readLifetimeSpending } from '@/server/points/ledger-store';

export async function findLedgerEntries(userId: number): Promise<LedgerEntry[]> {
  return readLedger(await getDb(), userId);
}

export async function findLifetimeSpending(userId: number): Promise<number> {
  return readLifetimeSpending(await getDb(), userId);
}
