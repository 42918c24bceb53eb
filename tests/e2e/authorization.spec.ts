import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';

/**
 * Authorization matrix (issue 6): every protected page and action tried as a guest, the buyer who owns
 * the order, another buyer, a seller (who owns a studio model), and an admin. Cookies are kept by hand (the jar of an API context does not
 * send `Secure` cookies over http://localhost the way a browser does).
 */
class Client {
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly api: APIRequestContext,
    readonly origin: string,
  ) {}

  private remember(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async get(path: string) {
    const response = await this.api.get(path, { headers: { cookie: this.cookieHeader() }, maxRedirects: 0 });
    this.remember(
      response
        .headersArray()
        .filter((h) => h.name.toLowerCase() === 'set-cookie')
        .map((h) => h.value),
    );
    return response;
  }

  async post(path: string, data: unknown = {}, { token = true } = {}) {
    if (token && !this.cookies.has('__Host-csrf')) await this.get('/api/internal/csrf');
    const headers: Record<string, string> = { cookie: this.cookieHeader(), origin: this.origin };
    if (token) headers['x-csrf-token'] = this.cookies.get('__Host-csrf')!;
    const response = await this.api.post(path, { headers, data, maxRedirects: 0 });
    this.remember(
      response
        .headersArray()
        .filter((h) => h.name.toLowerCase() === 'set-cookie')
        .map((h) => h.value),
    );
    return response;
  }
}

async function signedUp(api: APIRequestContext, origin: string, name: string): Promise<Client> {
  const client = new Client(api, origin);
  const username = `${name}${Date.now().toString(36)}`;
  const response = await client.post('/api/internal/users/sign_up', {
    username,
    email: `${username}@example.com`,
    password: 'a long enough password',
  });
  expect(response.status()).toBe(201);
  return client;
}

test('pages and actions answer by role and by owner', async ({ baseURL }) => {
  test.setTimeout(120_000);
  const api = await playwrightRequest.newContext({ baseURL });
  const origin = new URL(baseURL!).origin;
  const guest = new Client(api, origin);
  const owner = await signedUp(api, origin, 'owner');
  const other = await signedUp(api, origin, 'other');
  const admin = new Client(api, origin);
  expect(
    (
      await admin.post('/api/internal/users/log_in', { login: 'demo-admin', password: 'demo-password-2026' })
    ).status(),
  ).toBe(200);

  // The owner buys a real-mesh model (it has a file).
  const search = await owner.get(`/api/internal/items?keywords=${encodeURIComponent('"Sphere, 20 mm"')}`);
  const model = ((await search.json()) as { data: { items: { id: number }[] } }).data.items[0]!;
  expect((await owner.post('/api/internal/cart/items', { modelId: model.id })).status()).toBe(200);
  const paid = await owner.post('/api/internal/checkout', {
    idempotencyKey: `authz-${Date.now()}`,
    card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
  });
  const orderId = ((await paid.json()) as { data: { orderId: number; status: string } }).data.orderId;
  const purchases = await (await owner.get('/purchases')).text();
  const download = purchases.match(/href="(\/api\/internal\/downloads\/[^"]+)"/)![1]!.replace(/&amp;/g, '&');
  const certificate = purchases.match(/href="(\/orders\/\d+\/licences\/\d+)"/)![1]!;

  // A seller with a draft in the studio.
  const seller = await signedUp(api, origin, 'seller');
  expect((await seller.post('/api/internal/studio/become_seller')).status()).toBe(200);
  const categoryId = (await (await seller.get('/studio/new')).text()).match(/<option value="(\d+)"/)![1]!;
  const details = { title: 'Private draft', categoryId, price: '5', licence: 'royalty_free', unit: 'mm' };
  const created = await seller.post('/api/internal/studio/models', details);
  expect(created.status()).toBe(201);
  const draftId = ((await created.json()) as { data: { id: number } }).data.id;

  const pages: [string, Record<'guest' | 'owner' | 'other' | 'admin' | 'seller', number>][] = [
    ['/account', { guest: 307, owner: 200, other: 200, admin: 200, seller: 200 }],
    ['/purchases', { guest: 307, owner: 200, other: 200, admin: 200, seller: 200 }],
    ['/points', { guest: 307, owner: 200, other: 200, admin: 200, seller: 200 }],
    ['/wishlist', { guest: 307, owner: 200, other: 200, admin: 200, seller: 200 }],
    [`/orders/${orderId}`, { guest: 307, owner: 200, other: 404, admin: 404, seller: 404 }],
    [certificate, { guest: 307, owner: 200, other: 404, admin: 404, seller: 404 }],
    [download, { guest: 401, owner: 200, other: 404, admin: 404, seller: 404 }],
    ['/cart', { guest: 200, owner: 200, other: 200, admin: 200, seller: 200 }],
    ['/studio', { guest: 307, owner: 200, other: 200, admin: 200, seller: 200 }],
    ['/studio/new', { guest: 307, owner: 200, other: 200, admin: 200, seller: 200 }],
    [`/studio/models/${draftId}`, { guest: 307, owner: 404, other: 404, admin: 200, seller: 200 }],
    [
      `/api/internal/studio/models/${draftId}/analysis`,
      { guest: 401, owner: 404, other: 404, admin: 200, seller: 200 },
    ],
    ['/admin', { guest: 307, owner: 404, other: 404, admin: 200, seller: 404 }],
    ['/admin/reviews', { guest: 307, owner: 404, other: 404, admin: 200, seller: 404 }],
  ];
  const clients = { guest, owner, other, admin, seller };
  for (const [path, expected] of pages) {
    for (const [role, client] of Object.entries(clients)) {
      const status = (await client.get(path)).status();
      expect(`${role} GET ${path}: ${status}`).toBe(
        `${role} GET ${path}: ${expected[role as keyof typeof expected]}`,
      );
    }
  }

  // Actions that need an account: a guest gets 401, with or without a cart.
  expect((await guest.post('/api/internal/checkout', { idempotencyKey: 'guest-checkout-1' })).status()).toBe(
    401,
  );
  expect((await guest.post('/api/internal/wishlist/items', { modelId: model.id })).status()).toBe(401);
  // Another buyer cannot reuse the owner's order: their own checkout has nothing in the cart.
  expect(
    (await other.post('/api/internal/checkout', { idempotencyKey: `authz-${Date.now()}` })).status(),
  ).toBe(409);

  // Studio actions: only the model's seller changes it; only admins give verdicts (none is pending: 409).
  const studioActions: [string, unknown, Record<'guest' | 'owner' | 'admin' | 'seller', number>][] = [
    [`/api/internal/studio/models/${draftId}`, details, { guest: 401, owner: 404, admin: 404, seller: 200 }],
    [
      `/api/internal/studio/models/${draftId}/review_request`,
      {},
      { guest: 401, owner: 404, admin: 404, seller: 400 },
    ],
    [
      `/api/internal/studio/models/${draftId}/files/1/remove`,
      {},
      { guest: 401, owner: 404, admin: 404, seller: 404 },
    ],
    ['/api/internal/studio/models', details, { guest: 401, owner: 403, admin: 403, seller: 201 }],
    [
      `/api/internal/admin/reviews/${draftId}`,
      { verdict: 'approve', score: 90 },
      { guest: 401, owner: 403, admin: 409, seller: 403 },
    ],
  ];
  for (const [action, data, expected] of studioActions) {
    for (const role of ['guest', 'owner', 'admin', 'seller'] as const) {
      const status = (await clients[role].post(action, data)).status();
      expect(`${role} POST ${action}: ${status}`).toBe(`${role} POST ${action}: ${expected[role]}`);
    }
  }

  // CSRF: every state-changing endpoint refuses a request without the token, for every role.
  const actions = [
    '/api/internal/cart/items',
    '/api/internal/cart/items/remove',
    '/api/internal/wishlist/items',
    '/api/internal/wishlist/items/remove',
    '/api/internal/checkout',
    '/api/internal/users/log_in',
    '/api/internal/users/sign_up',
    '/api/internal/users/log_out',
    '/api/internal/users/password_reset',
    '/api/internal/users/password_reset/confirm',
    '/api/internal/newsletter_subscriptions',
    '/api/internal/business_applications',
    '/api/internal/search_events',
    '/api/internal/studio/become_seller',
    '/api/internal/studio/models',
    `/api/internal/studio/models/${draftId}`,
    `/api/internal/studio/models/${draftId}/files?name=cube.stl`,
    `/api/internal/studio/models/${draftId}/pictures?name=shot.png`,
    `/api/internal/studio/models/${draftId}/files/1/remove`,
    `/api/internal/studio/models/${draftId}/pictures/0/remove`,
    `/api/internal/studio/models/${draftId}/review_request`,
    `/api/internal/admin/reviews/${draftId}`,
  ];
  for (const action of actions) {
    for (const [role, client] of Object.entries(clients)) {
      const status = (await client.post(action, { modelId: model.id }, { token: false })).status();
      expect(`${role} POST ${action} without token: ${status}`).toBe(
        `${role} POST ${action} without token: 403`,
      );
    }
    // Nothing changes on GET: these endpoints have no GET.
    expect((await owner.get(action)).status()).toBe(405);
  }
  // The owner is still signed in (log-out without a token did nothing), and log-out really ends it.
  expect((await owner.get('/account')).status()).toBe(200);
  expect((await owner.post('/api/internal/users/log_out')).status()).toBe(200);
  expect((await owner.get('/account')).status()).toBe(307);
  await api.dispose();
});
