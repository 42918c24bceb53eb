/**
 * Demo challenges (decision 0046), so the pages are alive on first start: a model challenge open for
 * submissions with three entries, a finished one whose results date has passed (the first reader closes
 * it, which pays its winner through the points ledger), and a digital art contest open for renders with
 * three generated pictures. Dates count from `now`.
 */
import sharp from 'sharp';

import type { SqlSession } from '@/server/db/client';
import { storeUserPicture } from '@/server/images/user-pictures';

const day = 86_400_000;

interface DemoChallenge {
  kind: 'models' | 'renders';
  title: string;
  theme: string;
  rules: string;
  /** Days from now. */
  opens: number;
  voting: number;
  results: number;
  prizeCents: number;
}

const running: DemoChallenge = {
  kind: 'models',
  title: 'Tiny worlds',
  theme: 'A whole scene that fits on a 10 cm base: a diorama, a terrarium, a tiny town.',
  rules:
    'Enter **one** of your published models made for this theme.\n\n- Printable or render-ready, your choice\n- One entry per designer\n- Members vote once and may change their vote until voting closes',
  opens: -3,
  voting: 11,
  results: 18,
  prizeCents: 5_000,
};

const finished: DemoChallenge = {
  kind: 'models',
  title: 'Everyday heroes',
  theme: 'Useful objects that make a day easier: hooks, holders, clips and organisers.',
  rules:
    'Enter one of your published models. The entry with the most votes wins; a tie goes to the earlier entry.',
  opens: -40,
  voting: -26,
  results: -19,
  prizeCents: 2_500,
};

const artContest: DemoChallenge = {
  kind: 'renders',
  title: 'Neon nights',
  theme: 'A render of a city, a machine or a creature lit by neon light.',
  rules:
    'Upload one render (JPG, PNG or WebP) made for this theme. Post-processing is fine; no AI-generated images.',
  opens: -2,
  voting: 12,
  results: 19,
  prizeCents: 10_000,
};

async function insertChallenge(handle: SqlSession, c: DemoChallenge, now: number): Promise<number> {
  const [row] = await handle.query<{ id: number }>(
    `INSERT INTO challenges (kind, title, theme, rules, opens_at, voting_at, results_at, prize_cents, created_at, updated_at)
     VALUES ($1::challenge_kind, $2, $3, $4, $5, $6, $7, $8, $5, $5) RETURNING id`,
    [
      c.kind,
      c.title,
      c.theme,
      c.rules,
      new Date(now + c.opens * day),
      new Date(now + c.voting * day),
      new Date(now + c.results * day),
      c.prizeCents,
    ],
  );
  return row!.id;
}

/** One published model each of the first seeded designers, skipping `skip` of them. */
async function designerModels(handle: SqlSession, count: number, skip: number) {
  return handle.query<{ model_id: number; designer_id: number }>(
    `SELECT DISTINCT ON (designer_id) id AS model_id, designer_id FROM models
     WHERE status = 'published' ORDER BY designer_id, id LIMIT $1 OFFSET $2`,
    [count, skip],
  );
}

/** A colourful abstract "render" (no text, so no fonts needed). */
function renderSvg(hue: number): Buffer {
  const circles = Array.from({ length: 7 }, (_, i) => {
    const x = 120 + ((i * 173) % 960);
    const y = 140 + ((i * 211) % 620);
    const r = 60 + ((i * 37) % 140);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${(hue + i * 40) % 360},95%,60%)" fill-opacity="0.55"/>`;
  }).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="hsl(${hue},70%,12%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},80%,30%)"/>
      </linearGradient></defs>
      <rect width="1200" height="900" fill="url(#g)"/>${circles}
    </svg>`,
  );
}

export async function insertDemoChallenges(
  handle: SqlSession,
  filesRoot?: string,
  now = Date.now(),
): Promise<void> {
  const runningId = await insertChallenge(handle, running, now);
  for (const [index, entry] of (await designerModels(handle, 3, 0)).entries())
    await handle.query(
      `INSERT INTO challenge_entries (challenge_id, user_id, model_id, created_at) VALUES ($1, $2, $3, $4)`,
      [runningId, entry.designer_id, entry.model_id, new Date(now - (2 - index * 0.5) * day)],
    );

  // Finished: entries and votes from other designers; it is closed (and paid) by its first reader.
  const finishedId = await insertChallenge(handle, finished, now);
  const entrants = await designerModels(handle, 3, 3);
  const entryIds: number[] = [];
  for (const [index, entry] of entrants.entries()) {
    const [row] = await handle.query<{ id: number }>(
      `INSERT INTO challenge_entries (challenge_id, user_id, model_id, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
      [finishedId, entry.designer_id, entry.model_id, new Date(now - (39 - index) * day)],
    );
    entryIds.push(row!.id);
  }
  const voters = await designerModels(handle, 6, 6);
  const choices = [0, 0, 1, 0, 2, 1];
  for (const [index, voter] of voters.entries()) {
    const entryId = entryIds[choices[index]!];
    if (entryId !== undefined)
      await handle.query(
        `INSERT INTO challenge_votes (challenge_id, user_id, entry_id, voted_at) VALUES ($1, $2, $3, $4)`,
        [finishedId, voter.designer_id, entryId, new Date(now - 22 * day)],
      );
  }

  const contestId = await insertChallenge(handle, artContest, now);
  const renderTitles = ['Rain on Kowloon', 'Night courier', 'Glow moth'];
  for (const [index, artist] of (await designerModels(handle, 3, 12)).entries()) {
    const png = await sharp(renderSvg(200 + index * 70))
      .png()
      .toBuffer();
    const picture = await storeUserPicture(`challenges/${contestId}`, png, filesRoot);
    await handle.query(
      `INSERT INTO challenge_entries (challenge_id, user_id, title, picture_key, picture_width, picture_height, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        contestId,
        artist.designer_id,
        renderTitles[index],
        picture.key,
        picture.width,
        picture.height,
        new Date(now - (1.5 - index * 0.3) * day),
      ],
    );
  }
}
