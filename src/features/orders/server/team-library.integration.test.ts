import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { balanceOf, dueExpiries, expiresInDays } from '../points-ledger';
import { getDb } from '@/server/db/client';
import { seedCatalog } from '@/seed/seed';
import { readLedger } from './ledger-repository';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { createTestPaymentProvider } from './payments/test-provider';
import { checkout } from './commands';
import { getDownload, getPurchases, getTeamLibrary } from './queries';

/**
 * A business team shares what its members bought (decision 0021): teammates may download each
 * other's purchases, nobody else may; a member's earned credits are business credits that never expire.
 */
let t: TestDatabase;
const now = new Date('2026-11-22T12:00:00Z');
const day = 86_400_000;
const provider = createTestPaymentProvider({ now: () => now, sleep: async () => undefined });
const rules = {
  pricing: { saleThresholdCents: 2000, creditsMinCartCents: 1000 },
  loyalty: { creditsExpiryDays: 365, firstPurchaseGiftCents: 500 },
};
const visa = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

async function newUser(name: string): Promise<number> {
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email) VALUES ($1, $2) RETURNING id`,
    [name, `${name}@example.com`],
  );
  return row!.id;
}

async function buy(userId: number, modelId: number, key: string) {
  await t.handle.query(`UPDATE models SET price_cents = 1500, sale_discount_cents = 0 WHERE id = $1`, [
    modelId,
  ]);
  await t.handle.query(`INSERT INTO cart_items (user_id, model_id) VALUES ($1, $2)`, [userId, modelId]);
  const outcome = await checkout(
    userId,
    { idempotencyKey: key, card: visa },
    { now: () => now, provider, rules },
  );
  expect(outcome.status).toBe('fulfilled');
  return outcome.orderId;
}

const linkOf = (href: string) => {
  const url = new URL(href, 'http://localhost');
  return { expires: url.searchParams.get('expires'), signature: url.searchParams.get('signature') };
};

let owner: number;
let member: number;
let outsider: number;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 120, filesRoot: t.filesRoot });
  owner = await newUser('team-owner');
  member = await newUser('team-member');
  outsider = await newUser('outsider');
  const [team] = await t.handle.query<{ id: number }>(
    `INSERT INTO business_teams (name) VALUES ('Acme') RETURNING id`,
  );
  await t.handle.query(
    `INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'owner'), ($1, $3, 'member')`,
    [team!.id, owner, member],
  );
});
afterAll(() => t.cleanup());

describe('shared team library', () => {
  it("a member downloads a teammate's purchase; a non-member gets nothing", async () => {
    // Model 120 is one of the seeded real meshes: it has a file.
    await buy(owner, 120, 'team-owner-order-1');
    const library = await getTeamLibrary(member, now);
    expect(library.map((item) => [item.modelId, item.buyer.username])).toEqual([[120, 'team-owner']]);
    const file = library[0]!.files[0]!;
    expect(await getDownload(file.id, member, linkOf(file.href), now)).toMatchObject({ modelId: 120 });
    // The member's own purchases page stays their own.
    expect(await getPurchases(member, now)).toEqual([]);
    // A link signed for the member is worth nothing to anybody else; the outsider has no library.
    expect(await getDownload(file.id, outsider, linkOf(file.href), now)).toBeNull();
    expect(await getTeamLibrary(outsider, now)).toEqual([]);
    const ownerLink = (await getPurchases(owner, now))[0]!.files[0]!.href;
    expect(await getDownload(file.id, outsider, linkOf(ownerLink), now)).toBeNull();

    // Removed from the team: the library and its downloads are gone.
    await t.handle.query(`DELETE FROM team_members WHERE user_id = $1`, [member]);
    expect(await getTeamLibrary(member, now)).toEqual([]);
    expect(await getDownload(file.id, member, linkOf(file.href), now)).toBeNull();
    await t.handle.query(
      `INSERT INTO team_members (team_id, user_id) SELECT team_id, $1 FROM team_members WHERE user_id = $2`,
      [member, owner],
    );
  });

  it("a member's earned credits are business credits that never expire; an outsider's do", async () => {
    const memberOrder = await buy(member, 119, 'team-member-order-1');
    const outsiderOrder = await buy(outsider, 118, 'outsider-order-1');
    const db = await getDb();
    const memberLedger = await readLedger(db, member);
    const earned = memberLedger.find((e) => e.orderId === memberOrder && e.kind === 'earned')!;
    expect(earned).toMatchObject({ business: true, expiresAt: null, amountCents: 30 });
    // The first-purchase gift keeps the ordinary rule.
    expect(memberLedger.find((e) => e.kind === 'gifted')).toMatchObject({ business: false });

    const later = new Date(now.getTime() + 5 * 365 * day);
    const due = dueExpiries(memberLedger, later);
    expect(due.map((d) => d.entryId)).not.toContain(earned.id);
    expect(balanceOf(memberLedger) + due.reduce((sum, d) => sum + d.amountCents, 0)).toBe(30);
    expect(
      expiresInDays(
        memberLedger.filter((e) => e.kind === 'earned'),
        later,
      ),
    ).toBeNull();

    const outsiderLedger = await readLedger(db, outsider);
    const outsiderEarned = outsiderLedger.find((e) => e.orderId === outsiderOrder && e.kind === 'earned')!;
    expect(outsiderEarned).toMatchObject({ business: false, expiresAt: new Date(now.getTime() + 365 * day) });
    expect(dueExpiries(outsiderLedger, later).map((d) => d.entryId)).toContain(outsiderEarned.id);
  });
});
