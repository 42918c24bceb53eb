import type { PointsEntryKind } from './commerce-states';

/**
 * The rules of the loyalty points (credits) ledger (spec §3 "Points account"): an append-only list of
 * signed entries in integer cents. Spent and expired entries are negative, earned and gifted positive,
 * a refund (the net of an order) either, never 0. Pure: the clock is a parameter.
 */

export interface LedgerEntry {
  id: number;
  kind: PointsEntryKind;
  amountCents: number;
  createdAt: Date;
  expiresAt: Date | null;
  expiresEntryId: number | null;
  business: boolean;
  orderId: number | null;
}

/** A positive entry and what is left of it. */
export interface Lot {
  entryId: number;
  amountCents: number;
  remainingCents: number;
  expiresAt: Date | null;
}

export function balanceOf(entries: readonly LedgerEntry[]): number {
  return entries.reduce((total, entry) => total + entry.amountCents, 0);
}

function inAppendOrder(entries: readonly LedgerEntry[]): LedgerEntry[] {
  return [...entries].sort((a, b) => a.id - b.id);
}

function hasExpiredBy(lot: Lot, at: Date): boolean {
  return lot.expiresAt !== null && lot.expiresAt.getTime() <= at.getTime();
}

/** Earliest expiry first, never-expiring lots last; ties keep the entry order (the sort is stable). */
function byExpiry(a: Lot, b: Lot): number {
  const ta = a.expiresAt?.getTime() ?? Infinity;
  const tb = b.expiresAt?.getTime() ?? Infinity;
  return ta === tb ? 0 : ta < tb ? -1 : 1;
}

function consume(lots: readonly Lot[], cents: number): number {
  let left = cents;
  for (const lot of lots) {
    if (left <= 0) break;
    const taken = Math.min(left, lot.remainingCents);
    lot.remainingCents -= taken;
    left -= taken;
  }
  return left;
}

/**
 * Replays the entries in append (id) order. A spending (spent, negative refunded) takes from the lots still
 * valid at its creation; if an expiry has not been appended yet and those lots fall short, the overdue
 * lots pay the rest, so the remaining amounts always add up to the balance.
 */
export function lotsOf(entries: readonly LedgerEntry[]): Lot[] {
  const lots: Lot[] = [];
  const byId = new Map<number, Lot>();
  for (const entry of inAppendOrder(entries)) {
    if (entry.amountCents > 0) {
      const lot: Lot = {
        entryId: entry.id,
        amountCents: entry.amountCents,
        remainingCents: entry.amountCents,
        expiresAt: entry.business ? null : entry.expiresAt,
      };
      lots.push(lot);
      byId.set(entry.id, lot);
    } else if (entry.amountCents < 0) {
      if (entry.kind === 'expired') {
        const lot = entry.expiresEntryId === null ? undefined : byId.get(entry.expiresEntryId);
        if (lot) lot.remainingCents -= Math.min(lot.remainingCents, -entry.amountCents);
        continue;
      }
      const open = lots.filter((lot) => lot.remainingCents > 0);
      const valid = open.filter((lot) => !hasExpiredBy(lot, entry.createdAt)).sort(byExpiry);
      const overdue = open.filter((lot) => hasExpiredBy(lot, entry.createdAt)).sort(byExpiry);
      consume(overdue, consume(valid, -entry.amountCents));
    }
  }
  return lots;
}

/** The 'expired' entries to append now (amounts negative, expiresEntryId = entryId), in lot order. */
export function dueExpiries(
  entries: readonly LedgerEntry[],
  now: Date,
): { entryId: number; amountCents: number }[] {
  const expired = new Set(
    entries.filter((entry) => entry.kind === 'expired').map((entry) => entry.expiresEntryId),
  );
  return lotsOf(entries)
    .filter((lot) => lot.remainingCents > 0 && hasExpiredBy(lot, now) && !expired.has(lot.entryId))
    .map((lot) => ({ entryId: lot.entryId, amountCents: -lot.remainingCents }));
}

const dayMs = 86_400_000;

/** Whole days (rounded up) until the earliest unspent lot expires; 0 when one is overdue; null when none will. */
export function expiresInDays(entries: readonly LedgerEntry[], now: Date): number | null {
  let earliest = Infinity;
  for (const lot of lotsOf(entries)) {
    if (lot.remainingCents > 0 && lot.expiresAt !== null)
      earliest = Math.min(earliest, lot.expiresAt.getTime());
  }
  if (!Number.isFinite(earliest)) return null;
  return Math.max(0, Math.ceil((earliest - now.getTime()) / dayMs));
}

export type LoyaltyLevel = 'bronze' | 'silver' | 'gold' | 'platinum';

const levels = [
  { level: 'bronze', minSpendingCents: 0, earnRatePercent: 2 },
  { level: 'silver', minSpendingCents: 10_000, earnRatePercent: 3 },
  { level: 'gold', minSpendingCents: 50_000, earnRatePercent: 5 },
  { level: 'platinum', minSpendingCents: 200_000, earnRatePercent: 7 },
] as const;

/** By lifetime spending, ascending. */
export const loyaltyLevels: readonly {
  level: LoyaltyLevel;
  minSpendingCents: number;
  earnRatePercent: number;
}[] = levels;

export function loyaltyLevelOf(lifetimeSpendingCents: number): {
  level: LoyaltyLevel;
  earnRatePercent: number;
  next: { level: LoyaltyLevel; amountLeftCents: number } | null;
} {
  const spending = Math.max(0, lifetimeSpendingCents);
  const current = levels.findLast((l) => l.minSpendingCents <= spending) ?? levels[0];
  const next = levels.find((l) => l.minSpendingCents > spending);
  return {
    level: current.level,
    earnRatePercent: current.earnRatePercent,
    next: next ? { level: next.level, amountLeftCents: next.minSpendingCents - spending } : null,
  };
}

export function pointsEarnedFor(amountPaidCents: number, earnRatePercent: number): number {
  if (amountPaidCents <= 0 || earnRatePercent <= 0) return 0;
  return Math.floor((amountPaidCents * earnRatePercent) / 100);
}

/**
 * The net 'refunded' entry of a refunded order: the credits it spent come back, the points it earned go,
 * but the balance never goes below 0 (points already spent are not clawed back). 0: append nothing.
 */
export function refundAdjustment(input: {
  creditsSpentCents: number;
  pointsEarnedCents: number;
  balanceCents: number;
}): number {
  const net = input.creditsSpentCents - input.pointsEarnedCents;
  const adjustment = Math.max(net, -Math.max(0, input.balanceCents));
  return adjustment === 0 ? 0 : adjustment;
}
