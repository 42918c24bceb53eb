/**
 * The demo forum (decision 0043): the five categories and a few threads with replies from demo
 * accounts, one pinned welcome thread, one with a quote and one with a model's card, so `/forum` is
 * alive on first start. Dates count back from `now`.
 */
import { forumCategorySlugs } from '@/features/forum/api';
import type { SqlSession } from '@/server/db/client';

const hour = 3_600_000;

interface DemoThread {
  category: (typeof forumCategorySlugs)[number];
  author: string;
  title: string;
  body: string;
  hoursAgo: number;
  pinned?: boolean;
  replies: { author: string; body: string; hoursAgo: number }[];
}

const threads: DemoThread[] = [
  {
    category: 'site-feedback',
    author: 'demo-admin',
    title: 'Welcome to the Meshbay forum – please read first',
    body: 'Hello and welcome!\n\nThis is the place to ask questions, show what you printed or modelled and talk shop with other designers.\n\n- Be kind and stay on topic.\n- Use **Report** on a post that breaks the rules; a moderator will look at it.\n- A model link on a line of its own shows the model’s card.\n\nHave fun!',
    hoursAgo: 24 * 30,
    pinned: true,
    replies: [],
  },
  {
    category: '3d-printing',
    author: 'lena-makes',
    title: 'PETG stringing on a Prusa MK4 – what helped you?',
    body: 'My PETG prints look like a spider web. I dried the spool for 6 hours at 65 °C and lowered the nozzle to 235 °C, but there is still a lot of stringing between the towers.\n\nWhat retraction settings do you use?',
    hoursAgo: 50,
    replies: [
      {
        author: 'demo-seller',
        body: 'Try 0.8 mm retraction at 35 mm/s and turn on *wipe while retracting*. Also lower the travel speed a bit; PETG likes to ooze.',
        hoursAgo: 46,
      },
      {
        author: 'lena-makes',
        body: '> **@demo-seller**:\n> Try 0.8 mm retraction at 35 mm/s and turn on *wipe while retracting*.\n\nThat did it – almost no strings now. Thank you!',
        hoursAgo: 30,
      },
    ],
  },
  {
    category: 'modelling',
    author: 'northwind-games',
    title: 'Keeping low-poly characters under 1,500 triangles',
    body: 'We are building a mobile game and need animals under 1,500 triangles each. Where do you cut first: the silhouette, the face or the legs?',
    hoursAgo: 80,
    replies: [
      {
        author: 'demo-seller',
        body: 'Keep the silhouette, cut everything the camera never sees from the side. Faces can live in the texture.',
        hoursAgo: 70,
      },
    ],
  },
  {
    category: 'selling',
    author: 'demo-seller',
    title: 'How do you price print-ready miniatures?',
    body: 'I sell supported and unsupported versions of tabletop miniatures. Do you price a bundle per model or by the hour of work? Curious what works for others.',
    hoursAgo: 20,
    replies: [],
  },
  {
    category: 'general',
    author: 'demo-buyer',
    title: 'Show us your first print!',
    body: 'Mine was a benchy with a very droopy chimney. What was yours?',
    hoursAgo: 10,
    replies: [
      {
        author: 'arcade-collective',
        body: 'A calibration cube that came out as a calibration *trapezoid*. We all start somewhere.',
        hoursAgo: 8,
      },
      {
        author: 'lena-makes',
        body: 'A phone stand that was too small for any phone. Still on my desk.',
        hoursAgo: 6,
      },
    ],
  },
  {
    category: '3d-printing',
    author: 'demo-buyer',
    title: 'Printed this one over the weekend',
    body: 'Came out great with 0.2 mm layers and no supports:\n\n{model}\n\nAnyone tried it in resin?',
    hoursAgo: 4,
    replies: [],
  },
];

export async function insertDemoForum(handle: SqlSession, now = new Date()): Promise<void> {
  const values = forumCategorySlugs.map((_, i) => `($${i + 1}, ${i})`).join(', ');
  await handle.query(
    `INSERT INTO forum_categories (slug, position) VALUES ${values} ON CONFLICT DO NOTHING`,
    [...forumCategorySlugs],
  );
  const categories = new Map(
    (await handle.query<{ id: number; slug: string }>(`SELECT id, slug FROM forum_categories`)).map((c) => [
      c.slug,
      c.id,
    ]),
  );
  const users = new Map(
    (
      await handle.query<{ id: number; username: string }>(
        `SELECT id, username FROM users WHERE username = ANY($1)`,
        [[...new Set(threads.flatMap((t) => [t.author, ...t.replies.map((r) => r.author)]))]],
      )
    ).map((u) => [u.username, u.id]),
  );
  const [model] = await handle.query<{ slug: string; product_type: string; path: string }>(
    `SELECT m.slug, m.product_type, c.path FROM models m JOIN categories c ON c.id = m.category_id
     WHERE m.status = 'published' AND m.product_type = 'print' ORDER BY m.id LIMIT 1`,
  );
  const modelLink = model ? `/3d-print-models/${model.path}/${model.slug}` : '';
  for (const thread of threads) {
    const authorId = users.get(thread.author);
    const categoryId = categories.get(thread.category);
    if (authorId === undefined || categoryId === undefined) continue;
    const created = new Date(now.getTime() - thread.hoursAgo * hour);
    const replies = thread.replies.filter((r) => users.has(r.author));
    const last = replies.length > 0 ? new Date(now.getTime() - replies.at(-1)!.hoursAgo * hour) : created;
    const [row] = await handle.query<{ id: number }>(
      `INSERT INTO forum_threads (category_id, author_id, title, created_at, last_post_at, reply_count, pinned)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [categoryId, authorId, thread.title, created, last, replies.length, thread.pinned ?? false],
    );
    const threadId = row!.id;
    await handle.query(
      `INSERT INTO forum_posts (thread_id, author_id, body, is_opening, created_at) VALUES ($1, $2, $3, true, $4)`,
      [threadId, authorId, thread.body.replace('{model}', modelLink), created],
    );
    await handle.query(
      `INSERT INTO forum_subscriptions (user_id, thread_id, locale, created_at) VALUES ($1, $2, 'en', $3)`,
      [authorId, threadId, created],
    );
    for (const reply of replies)
      await handle.query(
        `INSERT INTO forum_posts (thread_id, author_id, body, created_at) VALUES ($1, $2, $3, $4)`,
        [threadId, users.get(reply.author), reply.body, new Date(now.getTime() - reply.hoursAgo * hour)],
      );
  }
}
