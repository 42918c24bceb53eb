/**
 * Demo requests of the custom-model service (decision 0026), so that the buyer's list, the tracking
 * page and the admin queue are not empty: the demo buyer's requests awaiting payment, submitted (paid,
 * waiting for a designer) and in creation with the demo seller.
 */
import type { SqlSession } from '@/server/db/client';

const hour = 3_600_000;

/** The prices quoted to the demo requests (a request keeps the price it was quoted: decision 0026's table). */
const quotedCents = { simple: 14_900, standard: 39_900, complex: 89_900 } as const;

export async function insertDemoCustomModelRequests(handle: SqlSession, now = new Date()): Promise<void> {
  const users = await handle.query<{ id: number; username: string }>(
    `SELECT id, username FROM users WHERE username IN ('demo-buyer', 'demo-seller', 'demo-admin')`,
  );
  const id = (name: string) => users.find((u) => u.username === name)?.id;
  const buyer = id('demo-buyer');
  const designer = id('demo-seller');
  const admin = id('demo-admin');
  if (!buyer || !designer || !admin) return;
  const demos = [
    {
      title: 'Replacement knob for a 1970s radio',
      description:
        'The volume knob of my Grundig radio broke. It is 28 mm wide with a D-shaped 6 mm shaft hole; the photos on the product page show it from every side.',
      complexity: 'simple' as const,
      formats: ['stl'],
      links: ['https://example.com/grundig-radio-knob'],
      status: 'awaiting_payment',
      events: ['awaiting_payment'],
    },
    {
      title: 'Art deco table lamp',
      description:
        'A brass table lamp in art deco style, as on the linked product page: a stepped base, a fluted column and a glass shade. For rendering, with clean topology.',
      complexity: 'standard' as const,
      formats: ['fbx', 'glb'],
      links: ['https://example.com/art-deco-lamp', 'https://example.com/art-deco-lamp/details'],
      status: 'submitted',
      events: ['awaiting_payment', 'submitted'],
    },
    {
      title: 'Vintage espresso machine',
      description:
        'A lever espresso machine from the 1960s with its portafilter, steam wand and pressure gauge, as separate parts, for a product configurator.',
      complexity: 'complex' as const,
      formats: ['blend', 'glb', 'step'],
      links: ['https://example.com/lever-espresso-machine'],
      status: 'in_creation',
      events: ['awaiting_payment', 'submitted', 'in_creation'],
    },
  ];
  for (const [i, demo] of demos.entries()) {
    const priceCents = quotedCents[demo.complexity];
    const createdAt = new Date(now.getTime() - (72 - i * 20) * hour);
    const paid = demo.status !== 'awaiting_payment';
    let orderId: number | null = null;
    if (paid) {
      const [order] = await handle.query<{ id: number }>(
        `INSERT INTO orders (user_id, idempotency_key, kind, status, subtotal_cents, sale_discount_cents,
           coupon_discount_cents, credits_cents, total_cents, payment_provider, payment_reference, created_at, updated_at, paid_at)
         VALUES ($1, $2, 'custom_model', 'paid', $3, 0, 0, 0, $3, 'test', $4, $5, $5, $5) RETURNING id`,
        [buyer, `demo-custom-model-${i}`, priceCents, `demo_charge_custom_${i}`, createdAt],
      );
      orderId = order!.id;
    }
    const [request] = await handle.query<{ id: number }>(
      `INSERT INTO custom_model_requests (buyer_id, title, description, complexity, file_formats, reference_links,
         price_cents, status, order_id, designer_id, created_at, updated_at, paid_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12) RETURNING id`,
      [
        buyer,
        demo.title,
        demo.description,
        demo.complexity,
        demo.formats,
        demo.links,
        priceCents,
        demo.status,
        orderId,
        demo.status === 'in_creation' ? designer : null,
        createdAt,
        paid ? createdAt : null,
      ],
    );
    for (const [position, status] of demo.events.entries())
      await handle.query(
        `INSERT INTO custom_model_events (request_id, position, status, actor_id, created_at) VALUES ($1, $2, $3, $4, $5)`,
        [
          request!.id,
          position + 1,
          status,
          status === 'in_creation' ? admin : buyer,
          new Date(createdAt.getTime() + position * hour),
        ],
      );
  }
}
