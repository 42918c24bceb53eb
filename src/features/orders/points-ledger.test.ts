import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { PointsEntryKind } from './commerce-states';
import {
  type LedgerEntry,
  balanceOf,
  dueExpiries,
  expiresInDays,
  lotsOf,
  loyaltyLevelOf,
  loyaltyLevels,
  pointsEarnedFor,
  refundAdjustment,
} from './points-ledger';

const day = 86_400_000;
const t0 = new Date('2025-01-01T00:00:00Z');
const at = (days: number) => new Date(t0.getTime() + days * day);

function entry(
  id: number,
  kind: PointsEntryKind,
  amountCents: number,
  createdDay: number,
  extra: Partial<LedgerEntry> = {},
): LedgerEntry {
  return {
    id,
    kind,
    amountCents,
    createdAt: at(createdDay),
    expiresAt: null,
    expiresEntryId: null,
    business: false,
    orderId: null,
    ...extra,
  };
}

describe('balanceOf', () => {
  it('is the sum of the entries', () => {
    expect(balanceOf([])).toBe(0);
    expect(
      balanceOf([
        entry(1, 'earned', 500, 0, { expiresAt: at(90) }),
        entry(2, 'spent', -200, 1),
        entry(3, 'gifted', 1000, 2),
      ]),
    ).toBe(1300);
  });
});

describe('lotsOf', () => {
  it('spends the lot that expires first, never-expiring (business) lots last', () => {
    const lots = lotsOf([
      entry(1, 'gifted', 1000, 0, { business: true }),
      entry(2, 'earned', 300, 1, { expiresAt: at(100) }),
      entry(3, 'earned', 200, 2, { expiresAt: at(50) }),
      entry(4, 'spent', -400, 3),
    ]);
    expect(lots.map((l) => [l.entryId, l.remainingCents])).toEqual([
      [1, 1000],
      [2, 100],
      [3, 0],
    ]);
  });

  it('breaks ties between equal expiries by entry order', () => {
    const lots = lotsOf([
      entry(1, 'earned', 300, 0, { expiresAt: at(60) }),
      entry(2, 'gifted', 300, 0, { expiresAt: at(60) }),
      entry(3, 'spent', -400, 1),
    ]);
    expect(lots.map((l) => l.remainingCents)).toEqual([0, 200]);
  });

  it('replays in id order whatever order the entries come in', () => {
    const entries = [
      entry(1, 'earned', 300, 0, { expiresAt: at(60) }),
      entry(2, 'spent', -100, 1),
      entry(3, 'earned', 500, 2, { expiresAt: at(30) }),
    ];
    expect(lotsOf([...entries].reverse())).toEqual(lotsOf(entries));
    expect(lotsOf(entries).map((l) => l.remainingCents)).toEqual([200, 500]);
  });

  it("lets an 'expired' entry consume exactly its lot", () => {
    const lots = lotsOf([
      entry(1, 'earned', 300, 0, { expiresAt: at(10) }),
      entry(2, 'earned', 500, 1, { expiresAt: at(5) }),
      entry(3, 'expired', -300, 10, { expiresEntryId: 1 }),
    ]);
    expect(lots.map((l) => l.remainingCents)).toEqual([0, 500]);
  });

  it('skips lots already expired at the time of spending while valid ones suffice', () => {
    const lots = lotsOf([
      entry(1, 'earned', 300, 0, { expiresAt: at(10) }),
      entry(2, 'earned', 500, 1, { expiresAt: at(90) }),
      entry(3, 'spent', -200, 20),
    ]);
    expect(lots.map((l) => l.remainingCents)).toEqual([300, 300]);
  });

  it('takes the rest from an overdue lot whose expiry has not been appended yet', () => {
    const lots = lotsOf([
      entry(1, 'earned', 300, 0, { expiresAt: at(10) }),
      entry(2, 'earned', 100, 1, { expiresAt: at(90) }),
      entry(3, 'spent', -250, 20),
    ]);
    expect(lots.map((l) => l.remainingCents)).toEqual([150, 0]);
  });

  it('makes a positive refund a lot and lets a negative one consume lots', () => {
    const lots = lotsOf([
      entry(1, 'earned', 300, 0, { expiresAt: at(90) }),
      entry(2, 'refunded', 700, 1, { expiresAt: at(120), orderId: 7 }),
      entry(3, 'refunded', -350, 2, { orderId: 8 }),
    ]);
    expect(lots.map((l) => [l.entryId, l.amountCents, l.remainingCents])).toEqual([
      [1, 300, 0],
      [2, 700, 650],
    ]);
  });

  it('never lets a business lot expire', () => {
    const entries = [entry(1, 'gifted', 5000, 0, { business: true, expiresAt: at(1) })];
    expect(lotsOf(entries)[0]!.expiresAt).toBeNull();
    expect(dueExpiries(entries, at(1000))).toEqual([]);
    expect(expiresInDays(entries, at(0))).toBeNull();
  });
});

describe('dueExpiries', () => {
  const entries = [
    entry(1, 'earned', 300, 0, { expiresAt: at(30) }),
    entry(2, 'gifted', 1000, 0, { expiresAt: at(60) }),
    entry(3, 'spent', -100, 5),
    entry(4, 'earned', 400, 10, { expiresAt: at(40) }),
  ];

  it('expires the remaining amount of every lot whose date has come', () => {
    expect(dueExpiries(entries, at(29))).toEqual([]);
    expect(dueExpiries(entries, at(30))).toEqual([{ entryId: 1, amountCents: -200 }]);
    expect(dueExpiries(entries, at(45))).toEqual([
      { entryId: 1, amountCents: -200 },
      { entryId: 4, amountCents: -400 },
    ]);
  });

  it('does not expire a lot twice, nor a fully spent one', () => {
    const withExpiry = [
      ...entries,
      entry(5, 'expired', -200, 30, { expiresEntryId: 1 }),
      entry(6, 'spent', -400, 31),
    ];
    expect(dueExpiries(withExpiry, at(45))).toEqual([]);
    expect(dueExpiries(withExpiry, at(60))).toEqual([{ entryId: 2, amountCents: -1000 }]);
  });
});

describe('expiresInDays', () => {
  const entries = [
    entry(1, 'earned', 300, 0, { expiresAt: at(30) }),
    entry(2, 'earned', 300, 0, { expiresAt: at(90) }),
  ];

  it('counts whole days, rounded up, to the earliest unspent lot', () => {
    expect(expiresInDays(entries, at(0))).toBe(30);
    expect(expiresInDays(entries, new Date(at(29).getTime() + 1))).toBe(1);
    expect(expiresInDays(entries, new Date(at(0).getTime() + 1))).toBe(30);
  });

  it('skips spent lots and says 0 for an overdue one', () => {
    expect(expiresInDays([...entries, entry(3, 'spent', -300, 1)], at(0))).toBe(90);
    expect(expiresInDays(entries, at(31))).toBe(0);
  });

  it('is null when nothing will expire', () => {
    expect(expiresInDays([], at(0))).toBeNull();
    expect(expiresInDays([entry(1, 'gifted', 100, 0)], at(0))).toBeNull();
    expect(expiresInDays([...entries, entry(3, 'spent', -600, 1)], at(0))).toBeNull();
  });
});

describe('loyalty levels', () => {
  it.each([
    [0, 'bronze', 2, { level: 'silver', amountLeftCents: 10_000 }],
    [9_999, 'bronze', 2, { level: 'silver', amountLeftCents: 1 }],
    [10_000, 'silver', 3, { level: 'gold', amountLeftCents: 40_000 }],
    [49_999, 'silver', 3, { level: 'gold', amountLeftCents: 1 }],
    [50_000, 'gold', 5, { level: 'platinum', amountLeftCents: 150_000 }],
    [200_000, 'platinum', 7, null],
    [5_000_000, 'platinum', 7, null],
  ])('%i cents spent → %s at %i %%', (spending, level, earnRatePercent, next) => {
    expect(loyaltyLevelOf(spending)).toEqual({ level, earnRatePercent, next });
  });

  it('lists the levels in ascending order', () => {
    expect(loyaltyLevels.map((l) => l.level)).toEqual(['bronze', 'silver', 'gold', 'platinum']);
  });

  it('never falls and always leaves a positive amount to the next level', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(loyaltyLevelOf(high).earnRatePercent).toBeGreaterThanOrEqual(
          loyaltyLevelOf(low).earnRatePercent,
        );
        const next = loyaltyLevelOf(low).next;
        if (next) expect(next.amountLeftCents).toBeGreaterThan(0);
      }),
    );
  });
});

describe('pointsEarnedFor', () => {
  it('floors the share of the amount paid', () => {
    expect(pointsEarnedFor(10_000, 2)).toBe(200);
    expect(pointsEarnedFor(1_999, 3)).toBe(59);
    expect(pointsEarnedFor(49, 2)).toBe(0);
    expect(pointsEarnedFor(0, 7)).toBe(0);
  });
});

describe('refundAdjustment', () => {
  it('gives back the credits spent and takes back the points earned', () => {
    expect(refundAdjustment({ creditsSpentCents: 900, pointsEarnedCents: 60, balanceCents: 500 })).toBe(840);
    expect(refundAdjustment({ creditsSpentCents: 0, pointsEarnedCents: 60, balanceCents: 500 })).toBe(-60);
  });

  it('never takes the balance below 0', () => {
    expect(refundAdjustment({ creditsSpentCents: 0, pointsEarnedCents: 60, balanceCents: 25 })).toBe(-25);
    expect(refundAdjustment({ creditsSpentCents: 10, pointsEarnedCents: 60, balanceCents: 25 })).toBe(-25);
  });

  it('is 0 (append nothing) when nothing changes', () => {
    expect(
      Object.is(refundAdjustment({ creditsSpentCents: 0, pointsEarnedCents: 60, balanceCents: 0 }), 0),
    ).toBe(true);
    expect(refundAdjustment({ creditsSpentCents: 60, pointsEarnedCents: 60, balanceCents: 10 })).toBe(0);
  });
});

describe('the ledger over random histories (as the database would write them)', () => {
  const expiryDays = 90;

  type Operation =
    | { op: 'purchase'; priceCents: number; creditsShare: number }
    | { op: 'firstPurchaseGift'; amountCents: number }
    | { op: 'refund'; pick: number }
    | { op: 'advance'; ms: number; runExpiryJob: boolean }
    | { op: 'businessGrant'; amountCents: number };

  const operation: fc.Arbitrary<Operation> = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        op: fc.constant('purchase' as const),
        priceCents: fc.integer({ min: 0, max: 100_000 }),
        creditsShare: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        op: fc.constant('firstPurchaseGift' as const),
        amountCents: fc.integer({ min: 1, max: 2_000 }),
      }),
    },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('refund' as const), pick: fc.nat() }) },
    {
      weight: 3,
      arbitrary: fc.record({
        op: fc.constant('advance' as const),
        ms: fc.oneof(fc.integer({ min: 0, max: 200 * day }), fc.constant(expiryDays * day)),
        runExpiryJob: fc.boolean(),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        op: fc.constant('businessGrant' as const),
        amountCents: fc.integer({ min: 1, max: 50_000 }),
      }),
    },
  );

  interface Purchase {
    orderId: number;
    creditsSpentCents: number;
    pointsEarnedCents: number;
    refunded: boolean;
  }

  function checkInvariants(entries: readonly LedgerEntry[], now: Date, modelBalance: number) {
    const balance = balanceOf(entries);
    expect(balance).toBe(entries.reduce((s, e) => s + e.amountCents, 0));
    expect(balance).toBe(modelBalance);
    expect(balance).toBeGreaterThanOrEqual(0);
    for (const e of entries) {
      expect(Number.isSafeInteger(e.amountCents)).toBe(true);
      expect(e.amountCents).not.toBe(0);
      if (e.kind === 'spent' || e.kind === 'expired') expect(e.amountCents).toBeLessThan(0);
      if (e.kind === 'earned' || e.kind === 'gifted') expect(e.amountCents).toBeGreaterThan(0);
    }
    const lots = lotsOf(entries);
    for (const lot of lots) {
      expect(lot.remainingCents).toBeGreaterThanOrEqual(0);
      expect(lot.remainingCents).toBeLessThanOrEqual(lot.amountCents);
    }
    expect(lots.reduce((s, l) => s + l.remainingCents, 0)).toBe(balance);

    let id = Math.max(0, ...entries.map((e) => e.id));
    const afterJob = [
      ...entries,
      ...dueExpiries(entries, now).map((d) =>
        entry(++id, 'expired', d.amountCents, 0, { createdAt: now, expiresEntryId: d.entryId }),
      ),
    ];
    for (const lot of lotsOf(afterJob)) {
      if (lot.expiresAt !== null && lot.expiresAt.getTime() <= now.getTime())
        expect(lot.remainingCents).toBe(0);
    }
    expect(dueExpiries(afterJob, now)).toEqual([]);
    const days = expiresInDays(afterJob, now);
    if (days !== null) expect(days).toBeGreaterThan(0);
  }

  it('keeps the balance, the lots and the expiries consistent after every step', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 80, size: 'large' }), (operations) => {
        const entries: LedgerEntry[] = [];
        const purchases: Purchase[] = [];
        let now = t0;
        let nextId = 1;
        let nextOrderId = 1;
        let balance = 0;
        let lifetimeSpendingCents = 0;
        let gifted = false;

        const append = (kind: PointsEntryKind, amountCents: number, extra: Partial<LedgerEntry> = {}) => {
          entries.push({
            id: nextId++,
            kind,
            amountCents,
            createdAt: now,
            expiresAt: null,
            expiresEntryId: null,
            business: false,
            orderId: null,
            ...extra,
          });
          balance += amountCents;
        };
        const expiry = () => new Date(now.getTime() + expiryDays * day);

        for (const operation of operations) {
          switch (operation.op) {
            case 'purchase': {
              const orderId = nextOrderId++;
              const creditsSpentCents = Math.min(
                balanceOf(entries),
                Math.floor((operation.priceCents * 30) / 100),
                Math.floor(operation.priceCents * operation.creditsShare),
              );
              if (creditsSpentCents > 0) append('spent', -creditsSpentCents, { orderId });
              const paid = operation.priceCents - creditsSpentCents;
              const pointsEarnedCents = pointsEarnedFor(
                paid,
                loyaltyLevelOf(lifetimeSpendingCents).earnRatePercent,
              );
              lifetimeSpendingCents += paid;
              if (pointsEarnedCents > 0)
                append('earned', pointsEarnedCents, { orderId, expiresAt: expiry() });
              purchases.push({ orderId, creditsSpentCents, pointsEarnedCents, refunded: false });
              break;
            }
            case 'firstPurchaseGift': {
              if (gifted || purchases.length === 0) break;
              gifted = true;
              append('gifted', operation.amountCents, {
                orderId: purchases[0]!.orderId,
                expiresAt: expiry(),
              });
              break;
            }
            case 'refund': {
              const open = purchases.filter((p) => !p.refunded);
              if (open.length === 0) break;
              const purchase = open[operation.pick % open.length]!;
              purchase.refunded = true;
              const adjustment = refundAdjustment({
                creditsSpentCents: purchase.creditsSpentCents,
                pointsEarnedCents: purchase.pointsEarnedCents,
                balanceCents: balanceOf(entries),
              });
              if (adjustment !== 0) {
                append('refunded', adjustment, {
                  orderId: purchase.orderId,
                  expiresAt: adjustment > 0 ? expiry() : null,
                });
              }
              break;
            }
            case 'advance': {
              now = new Date(now.getTime() + operation.ms);
              if (operation.runExpiryJob) {
                for (const due of dueExpiries(entries, now)) {
                  append('expired', due.amountCents, { expiresEntryId: due.entryId });
                }
                for (const lot of lotsOf(entries)) {
                  if (lot.expiresAt !== null && lot.expiresAt <= now) expect(lot.remainingCents).toBe(0);
                }
              }
              break;
            }
            case 'businessGrant': {
              append('gifted', operation.amountCents, { business: true });
              break;
            }
          }
          checkInvariants(entries, now, balance);
        }
        // One 'expired' entry per lot at most (the table's unique index on expires_entry_id).
        const expiredIds = entries.filter((e) => e.kind === 'expired').map((e) => e.expiresEntryId);
        expect(new Set(expiredIds).size).toBe(expiredIds.length);
      }),
    );
  });
});
