/**
 * Demo data for the applications and work phase of the jobs board (decision 0025): the demo seller
 * applies to two published projects (with a portfolio of their models), works on one project in
 * progress, and has one completed project with its payment, the platform's fee, the conversation and
 * both reviews, so that the freelance dashboard and the designer profile show something. Runs after
 * the board's projects seed; without demo projects or the demo seller it does nothing.
 */
import { platformFeeCents } from '@/features/orders/server/commerce-rules';
import type { SqlSession } from '@/server/db/client';

const day = 86_400_000;

const proposalText =
  'I have made many game-ready and printable models (see my portfolio). I will share a first version early so we can agree on the style before the details.';

async function idOf(handle: SqlSession, username: string): Promise<number | null> {
  const [row] = await handle.query<{ id: number }>(`SELECT id FROM users WHERE username = $1`, [username]);
  return row?.id ?? null;
}

async function insertWorkProject(
  handle: SqlSession,
  input: {
    ownerId: number;
    designerId: number;
    title: string;
    description: string;
    priceCents: number;
    deliveryDays: number;
    status: 'in_progress' | 'completed';
    acceptedAt: Date;
    now: Date;
  },
): Promise<{ projectId: number; orderId: number; conversationId: number }> {
  const { ownerId, designerId, acceptedAt, now } = input;
  const [project] = await handle.query<{ id: number }>(
    `INSERT INTO projects (owner_id, title, description, budget_cents, deadline, software, skills, file_formats,
       status, applicants_count, created_at, updated_at, published_at, completed_at)
     VALUES ($1, $2, $3, $4, $5, '{Blender}', '{3d-modeling,texturing}', '{fbx,glb}', $6, 1, $7, $8, $7, $9)
     RETURNING id`,
    [
      ownerId,
      input.title,
      input.description,
      input.priceCents,
      new Date(acceptedAt.getTime() + 30 * day),
      input.status,
      new Date(acceptedAt.getTime() - 2 * day),
      now,
      input.status === 'completed' ? now : null,
    ],
  );
  const projectId = project!.id;
  const [application] = await handle.query<{ id: number }>(
    `INSERT INTO project_applications (project_id, designer_id, proposal, price_cents, delivery_days, status,
       created_at, updated_at, decided_at)
     VALUES ($1, $2, $3, $4, $5, 'accepted', $6, $7, $7) RETURNING id`,
    [
      projectId,
      designerId,
      proposalText,
      input.priceCents,
      input.deliveryDays,
      new Date(acceptedAt.getTime() - day),
      acceptedAt,
    ],
  );
  const [order] = await handle.query<{ id: number }>(
    `INSERT INTO orders (user_id, idempotency_key, kind, status, subtotal_cents, sale_discount_cents,
       coupon_discount_cents, credits_cents, total_cents, payment_provider, payment_reference, created_at, updated_at, paid_at)
     VALUES ($1, $2, 'project', $3, $4, 0, 0, 0, $4, 'test', $5, $6, $6, $6) RETURNING id`,
    [
      ownerId,
      `demo-project-${projectId}`,
      input.status === 'completed' ? 'fulfilled' : 'paid',
      input.priceCents,
      `test_ch_demo${projectId}`,
      acceptedAt,
    ],
  );
  const [conversation] = await handle.query<{ id: number }>(
    `INSERT INTO conversations (type, subject, created_by, created_at, last_message_at)
     VALUES ('job_application', $1, $2, $3, $3) RETURNING id`,
    [input.title, ownerId, acceptedAt],
  );
  const conversationId = conversation!.id;
  await handle.query(
    `INSERT INTO conversation_participants (conversation_id, user_id, joined_at) VALUES ($1, $2, $4), ($1, $3, $4)`,
    [conversationId, ownerId, designerId, acceptedAt],
  );
  const messages: [number | null, string, string, Date][] = [
    [null, 'system', 'application_accepted', acceptedAt],
  ];
  if (input.status === 'completed') {
    messages.push(
      [
        designerId,
        'delivery',
        'Here is the first version: textures in the FBX, a GLB preview too.',
        new Date(acceptedAt.getTime() + 3 * day),
      ],
      [
        ownerId,
        'revision_request',
        'Lovely! Could the lid be a little more worn at the edges?',
        new Date(acceptedAt.getTime() + 4 * day),
      ],
      [
        designerId,
        'delivery',
        'Done: worn edges and a second colour variant.',
        new Date(acceptedAt.getTime() + 5 * day),
      ],
      [ownerId, 'approval', 'Perfect, thank you!', now],
    );
  }
  for (const [sender, kind, body, at] of messages) {
    await handle.query(
      `INSERT INTO messages (conversation_id, sender_id, kind, body, created_at) VALUES ($1, $2, $3, $4, $5)`,
      [conversationId, sender, kind, body, at],
    );
  }
  await handle.query(`UPDATE conversations SET last_message_at = $2 WHERE id = $1`, [
    conversationId,
    messages[messages.length - 1]![3],
  ]);
  await handle.query(
    `UPDATE projects SET accepted_application_id = $2, order_id = $3, conversation_id = $4, due_at = $5,
       revisions = $6 WHERE id = $1`,
    [
      projectId,
      application!.id,
      order!.id,
      conversationId,
      new Date(acceptedAt.getTime() + input.deliveryDays * day),
      input.status === 'completed' ? 1 : 0,
    ],
  );
  return { projectId, orderId: order!.id, conversationId };
}

export async function insertDemoApplications(handle: SqlSession, now = new Date()): Promise<void> {
  const sellerId = await idOf(handle, 'demo-seller');
  const ownerId = (await idOf(handle, 'northwind-games')) ?? (await idOf(handle, 'demo-buyer'));
  if (sellerId === null || ownerId === null) return;

  // Two applications on published projects of others, with up to three of the seller's models.
  const portfolio = await handle.query<{ id: number }>(
    `SELECT id FROM models WHERE designer_id = $1 AND status = 'published' ORDER BY id LIMIT 3`,
    [sellerId],
  );
  const open = await handle.query<{ id: number; budget_cents: number }>(
    `SELECT p.id, p.budget_cents FROM projects p
     WHERE p.status = 'published' AND p.owner_id <> $1
       AND NOT EXISTS (SELECT 1 FROM project_applications a WHERE a.project_id = p.id AND a.designer_id = $1)
     ORDER BY p.published_at DESC, p.id LIMIT 2`,
    [sellerId],
  );
  for (const [i, project] of open.entries()) {
    const [application] = await handle.query<{ id: number }>(
      `INSERT INTO project_applications (project_id, designer_id, proposal, price_cents, delivery_days, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
      [
        project.id,
        sellerId,
        proposalText,
        Math.max(1_000, Math.round(project.budget_cents * 0.9)),
        7 + i * 7,
        new Date(now.getTime() - (i + 1) * 3_600_000),
      ],
    );
    for (const [position, model] of portfolio.entries()) {
      await handle.query(
        `INSERT INTO application_portfolio_models (application_id, model_id, position) VALUES ($1, $2, $3)`,
        [application!.id, model.id, position],
      );
    }
    await handle.query(`UPDATE projects SET applicants_count = applicants_count + 1 WHERE id = $1`, [
      project.id,
    ]);
  }

  // One project in progress (due in a few days) …
  await insertWorkProject(handle, {
    ownerId,
    designerId: sellerId,
    title: 'Sci-fi crate set for a shooter level',
    description: 'Four modular sci-fi crates with PBR textures, game-ready, under 2,000 triangles each.',
    priceCents: 45_000,
    deliveryDays: 10,
    status: 'in_progress',
    acceptedAt: new Date(now.getTime() - 5 * day),
    now,
  });

  // … and one completed: paid, the fee taken, both reviews left.
  const priceCents = 30_000;
  const done = await insertWorkProject(handle, {
    ownerId,
    designerId: sellerId,
    title: 'Stylised treasure chest for a dungeon crawler',
    description: 'A hand-painted treasure chest with an opening lid, for a stylised dungeon crawler.',
    priceCents,
    deliveryDays: 7,
    status: 'completed',
    acceptedAt: new Date(now.getTime() - 12 * day),
    now: new Date(now.getTime() - 4 * day),
  });
  const paidAt = new Date(now.getTime() - 4 * day);
  await handle.query(
    `INSERT INTO designer_earnings (designer_id, kind, amount_cents, order_id, project_id, created_at)
     VALUES ($1, 'project_payment', $2, $3, $4, $5), ($1, 'platform_fee', $6, $3, $4, $5)`,
    [sellerId, priceCents, done.orderId, done.projectId, paidAt, -platformFeeCents(priceCents)],
  );
  const reviews: [number, number, boolean, number, string][] = [
    [ownerId, sellerId, true, 5, 'Great chest, exactly our style, and the revision came the next day.'],
    [sellerId, ownerId, true, 5, 'Clear brief with references and quick, friendly feedback.'],
  ];
  for (const [authorId, subjectId, positive, rating, body] of reviews) {
    const [review] = await handle.query<{ id: number }>(
      `INSERT INTO designer_reviews (author_id, subject_id, positive, rating, body, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [authorId, subjectId, positive, rating, body, paidAt],
    );
    await handle.query(`INSERT INTO project_reviews (project_id, author_id, review_id) VALUES ($1, $2, $3)`, [
      done.projectId,
      authorId,
      review!.id,
    ]);
  }
  // The counters only: the rating stays the catalogue's (the featured designer is chosen by it).
  await handle.query(
    `UPDATE designer_profiles SET projects_done = projects_done + 1, projects_in_progress = projects_in_progress + 1
     WHERE user_id = $1`,
    [sellerId],
  );
}
