import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedCatalog } from '@/seed/seed';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { castVote, closeChallenge, createChallenge, submitModelEntry, updateChallenge } from './commands';
import { getChallengeDetail, getChallengeWins, listChallenges } from './queries';

let t: TestDatabase;
const start = new Date('2026-12-01T12:00:00Z');
const hour = 3_600_000;
const at = (hours: number) => new Date(start.getTime() + hours * hour);

async function newUser(name: string): Promise<number> {
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email) VALUES ($1, $2) RETURNING id`,
    [name, `${name}@example.com`],
  );
  return row!.id;
}

/** A published model of `designerId`, copied from a seeded one. */
async function newModel(designerId: number, slug: string, status = 'published'): Promise<number> {
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO models (slug, title, designer_id, category_id, root_category_id, product_type, price_cents, licence, status)
     SELECT $1, $1, $2, category_id, root_category_id, product_type, 100, licence, $3::model_status
     FROM models WHERE id = 1 RETURNING id`,
    [slug, designerId, status],
  );
  return row!.id;
}

const form = (overrides: Partial<{ opensAt: Date; votingAt: Date; resultsAt: Date }> = {}) => ({
  kind: 'models' as const,
  title: 'Tiny castles',
  theme: 'A castle that fits in a matchbox',
  rules: 'One printable model per designer.',
  opensAt: at(0),
  votingAt: at(24),
  resultsAt: at(48),
  prize: 2500,
  ...overrides,
});

const refusal = (reason: string) => expect.objectContaining({ reason });

beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 30, filesRoot: t.filesRoot });
});
afterAll(() => t.cleanup());

describe('a challenge from open to results', () => {
  it('takes one own published model per entrant, one changeable vote per member, and pays the winner once', async () => {
    const admin = await newUser('ch-admin');
    const id = await createChallenge(admin, form(), at(-1));
    const [ada, ben, cleo] = await Promise.all(['ch-ada', 'ch-ben', 'ch-cleo'].map(newUser));
    const [adaModel, benModel, cleoModel, adaDraft] = await Promise.all([
      newModel(ada!, 'ada-castle'),
      newModel(ben!, 'ben-castle'),
      newModel(cleo!, 'cleo-castle'),
      newModel(ada!, 'ada-draft', 'draft'),
    ]);

    await expect(submitModelEntry(ada!, id, adaModel, at(-0.5))).rejects.toEqual(refusal('not_open'));
    await expect(submitModelEntry(ada!, id, benModel, at(1))).rejects.toEqual(refusal('not_found'));
    await expect(submitModelEntry(ada!, id, adaDraft, at(1))).rejects.toEqual(refusal('not_found'));
    const adaEntry = await submitModelEntry(ada!, id, adaModel, at(1));
    const benEntry = await submitModelEntry(ben!, id, benModel, at(2));
    const cleoEntry = await submitModelEntry(cleo!, id, cleoModel, at(3));
    await expect(submitModelEntry(ada!, id, adaModel, at(4))).rejects.toEqual(refusal('already_entered'));

    const voters = await Promise.all(['ch-v1', 'ch-v2', 'ch-v3', 'ch-v4', 'ch-v5'].map(newUser));
    await expect(castVote(voters[0]!, id, benEntry, at(5))).rejects.toEqual(refusal('not_voting'));
    await expect(castVote(ada!, id, adaEntry, at(25))).rejects.toEqual(refusal('own_entry'));
    await expect(submitModelEntry(ada!, id, adaModel, at(25))).rejects.toEqual(refusal('not_open'));
    // Three votes for Ben, two for Cleo; voter 5 first votes for Cleo, then changes to Ben; a repeat changes nothing.
    await castVote(voters[4]!, id, cleoEntry, at(25));
    for (const voter of voters.slice(0, 3)) await castVote(voter, id, benEntry, at(26));
    await castVote(voters[3]!, id, cleoEntry, at(26));
    await castVote(voters[4]!, id, benEntry, at(27));
    await castVote(voters[4]!, id, benEntry, at(27));
    await castVote(ada!, id, cleoEntry, at(28));
    const votes = await t.handle.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM challenge_votes WHERE challenge_id = $1`,
      [id],
    );
    expect(votes[0]!.n).toBe(6);

    const during = await getChallengeDetail(id, 'en', at(30));
    expect(during?.phase).toBe('voting');
    expect(during?.entryList.every((entry) => entry.votes === null)).toBe(true);

    const closings = await Promise.all(Array.from({ length: 6 }, () => closeChallenge(id, at(48))));
    expect(closings.filter(Boolean)).toHaveLength(1);
    expect(await closeChallenge(id, at(50))).toBe(false);
    await expect(castVote(voters[3]!, id, benEntry, at(49))).rejects.toEqual(refusal('not_voting'));

    const rewards = await t.handle.query<{ user_id: number; amount_cents: number }>(
      `SELECT user_id, amount_cents FROM points_ledger WHERE reward_key = $1`,
      [`challenge:${id}:winner`],
    );
    expect(rewards).toEqual([{ user_id: ben, amount_cents: 2500 }]);

    const results = await getChallengeDetail(id, 'en', at(49));
    expect(results?.phase).toBe('results');
    expect(results?.winner).toEqual({ username: 'ch-ben' });
    expect(results?.entryList.map((e) => [e.username, e.votes, e.rank])).toEqual([
      ['ch-ben', 4, 1],
      ['ch-cleo', 2, 2],
      ['ch-ada', 0, 3],
    ]);
    expect(await getChallengeWins(ben!, at(49))).toEqual([{ id, title: 'Tiny castles', kind: 'models' }]);
  });

  it('closes lazily on the first read after the results date, with a tie going to the earlier entry', async () => {
    const admin = await newUser('tie-admin');
    const id = await createChallenge(
      admin,
      form({ opensAt: at(100), votingAt: at(101), resultsAt: at(102) }),
      at(99),
    );
    const [early, late, voterA, voterB] = await Promise.all(
      ['tie-early', 'tie-late', 'tie-va', 'tie-vb'].map(newUser),
    );
    const earlyEntry = await submitModelEntry(early!, id, await newModel(early!, 'tie-early-m'), at(100.1));
    const lateEntry = await submitModelEntry(late!, id, await newModel(late!, 'tie-late-m'), at(100.2));
    await castVote(voterA!, id, lateEntry, at(101.1));
    await castVote(voterB!, id, earlyEntry, at(101.2));

    const concurrentReads = await Promise.all([
      listChallenges('models', at(103)),
      listChallenges(null, at(103)),
    ]);
    expect(concurrentReads[0].find((c) => c.id === id)?.winner).toEqual({ username: 'tie-early' });
    const paid = await t.handle.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM points_ledger WHERE reward_key = $1 AND user_id = $2`,
      [`challenge:${id}:winner`, early],
    );
    expect(paid[0]!.n).toBe(1);
  });

  it('lets an admin move a challenge forward but never back', async () => {
    const admin = await newUser('move-admin');
    const id = await createChallenge(
      admin,
      form({ opensAt: at(200), votingAt: at(201), resultsAt: at(202) }),
      at(199),
    );
    const update = { title: 'Moved', theme: 'x', rules: 'y', prize: 100 };
    // At 200.5 it is open for submissions; moving the voting to now starts the voting.
    await updateChallenge(
      id,
      { ...update, opensAt: at(200), votingAt: at(200.5), resultsAt: at(202) },
      at(200.5),
    );
    await expect(
      updateChallenge(id, { ...update, opensAt: at(200), votingAt: at(201), resultsAt: at(202) }, at(200.6)),
    ).rejects.toEqual(refusal('schedule_back'));
    await expect(createChallenge(admin, form({ resultsAt: at(1) }), at(2))).rejects.toEqual(
      refusal('results_in_past'),
    );
  });
});
