/**
 * `npm run bench -- checkout --url http://localhost:3000 [--rounds 60]`: the checkout over HTTP against a
 * running server, as a browser does it: a new buyer signs up (CSRF token, session cookie), then each
 * round adds two models not bought yet to the cart and pays with the test card 4242 4242 4242 4242.
 * One client, one request at a time; prints the median, 95th percentile and maximum of the add-to-cart
 * and checkout answers in milliseconds. Each run buys 2 × rounds models: a fresh demo catalogue (2,010
 * models) holds about 15 runs of 60 rounds. Sign-up is limited to 5 an hour per client address.
 */
import { randomUUID } from 'node:crypto';

export interface CheckoutBenchmarkResult {
  result: Record<string, unknown>;
  summary: string;
}

interface Client {
  base: string;
  cookies: Map<string, string>;
  token: string;
}

function remember(client: Client, response: Response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    client.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
  }
}

async function call(client: Client, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(new URL(path, client.base), {
    method,
    headers: {
      accept: 'application/json',
      origin: client.base,
      cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      ...(method === 'POST' ? { 'content-type': 'application/json', 'x-csrf-token': client.token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  remember(client, response);
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
  return text ? (JSON.parse(text) as { data: unknown }) : { data: null };
}

async function refreshToken(client: Client) {
  client.token = ((await call(client, 'GET', '/api/internal/csrf')).data as { token: string }).token;
}

/** Model ids from the listing, most trending first, that this buyer can still buy. */
async function modelIds(client: Client, wanted: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ids.length < wanted && page <= 400; page++) {
    const { data } = await call(client, 'GET', `/api/internal/items?per_page=96&page=${page}&facets=0`);
    const { items, page_count } = data as { items: { id: number }[]; page_count: number };
    ids.push(...items.map((item) => item.id));
    if (page >= page_count) break;
  }
  return ids;
}

const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
};

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  const round = (v: number) => Math.round(v * 10) / 10;
  return { n: sorted.length, p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted.at(-1)!) };
}

export async function runCheckoutBenchmark(url: string, rounds: number): Promise<CheckoutBenchmarkResult> {
  const client: Client = { base: new URL(url).origin, cookies: new Map(), token: '' };
  await refreshToken(client);
  const name = `bench-${randomUUID().slice(0, 8)}`;
  await call(client, 'POST', '/api/internal/users/sign_up', {
    username: name,
    email: `${name}@example.com`,
    password: 'bench-password-2026',
  });
  await refreshToken(client);
  const candidates = await modelIds(client, rounds * 2 + 200);
  const addMs: number[] = [];
  const checkoutMs: number[] = [];
  let next = 0;
  for (let round = 0; round < rounds; round++) {
    let added = 0;
    while (added < 2) {
      if (next >= candidates.length) throw new Error('the catalogue ran out of models this buyer can buy');
      const [answer, ms] = await timed(() =>
        call(client, 'POST', '/api/internal/cart/items', { modelId: candidates[next++] }),
      );
      addMs.push(ms);
      if ((answer.data as { outcome: string }).outcome === 'added') added++;
    }
    const [answer, ms] = await timed(() =>
      call(client, 'POST', '/api/internal/checkout', {
        idempotencyKey: randomUUID(),
        useCredits: false,
        card: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
      }),
    );
    const status = (answer.data as { status: string }).status;
    if (status !== 'fulfilled') throw new Error(`checkout ${round + 1}: ${JSON.stringify(answer.data)}`);
    checkoutMs.push(ms);
  }
  const result = { url, rounds, addToCartMs: stats(addMs), checkoutMs: stats(checkoutMs) };
  return {
    result,
    summary: `checkout: ${rounds} orders, checkout p50 ${result.checkoutMs.p50} ms, p95 ${result.checkoutMs.p95} ms; add to cart p50 ${result.addToCartMs.p50} ms, p95 ${result.addToCartMs.p95} ms`,
  };
}
