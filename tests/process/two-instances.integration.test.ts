/**
 * Issue 26 §4, "two instances on one database": two built servers share one PostgreSQL database and one
 * S3 bucket (s3rver), as behind a load balancer. What is done through instance A (a model published,
 * liked, bought; a profile changed) is seen through instance B within a second, and B's page cache
 * never answers a signed-in member with a cached page. Cached pages that a change purges on A are
 * dropped on B too (LISTEN/NOTIFY, decision 0063). Runs on the PostgreSQL pass (DATABASE_URL).
 */
import fs from 'node:fs';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { env } from '@/env';
import { S3FileStore } from '@/server/files/s3-store';

import { insertMember, signedInHeaders } from '../fixtures/members';
import { startS3Server, type TestS3Server } from '../fixtures/s3-server';
import { readTestMesh } from '../fixtures/test-meshes';
import { createTestDatabase, type TestDatabase } from '../setup/test-database';
import { freePort, requireBuild, serverEntry, start, stop, tempDir, waitForServer } from './processes';

const goodCard = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
const withinMs = 1_000;

/** Polls `check` until it holds; returns the milliseconds it took, or fails after `timeoutMs`. */
async function visibleAfter(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 15_000,
): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`not visible within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const ms = Math.round(performance.now() - started);
  console.info(`${what}: ${ms} ms`);
  return ms;
}

/** A member's requests to either instance: their session cookie and CSRF token, the instance's origin. */
class Member {
  constructor(
    readonly name: string,
    private readonly session: { cookie: string; token: string },
  ) {}

  static async of(t: TestDatabase, name: string, roles: ('buyer' | 'seller' | 'admin')[]) {
    const user = await insertMember(t.handle, name, roles);
    const headers = await signedInHeaders(user.id);
    return new Member(name, { cookie: headers.cookie!, token: headers['x-csrf-token']! });
  }

  get(base: string, pathname: string, init: RequestInit = {}) {
    return fetch(`${base}${pathname}`, {
      ...init,
      headers: { accept: 'text/html', cookie: this.session.cookie, ...init.headers },
    });
  }

  async post(base: string, pathname: string, body: unknown, contentType = 'application/json') {
    const response = await fetch(`${base}${pathname}`, {
      method: 'POST',
      headers: {
        origin: base,
        cookie: this.session.cookie,
        'x-csrf-token': this.session.token,
        'content-type': contentType,
      },
      body: contentType === 'application/json' ? JSON.stringify(body) : (body as BodyInit),
    });
    const json = (await response.json()) as { data?: Record<string, unknown>; error?: unknown };
    return { status: response.status, json };
  }
}

const anonymousPage = (base: string, pathname: string) =>
  fetch(`${base}${pathname}`, { headers: { accept: 'text/html' } });

describe.skipIf(!env.DATABASE_URL)('two instances on one PostgreSQL database and one bucket', () => {
  let t: TestDatabase;
  let s3: TestS3Server;
  const servers: ReturnType<typeof start>[] = [];
  const dataDirs: string[] = [];
  /** The instance every change goes through, and the one that must show it. */
  let a = '';
  let b = '';
  let seller: Member;
  let admin: Member;
  let buyer: Member;
  const title = `Cable clip ${Date.now().toString(36)}`;
  const keyword = title.split(' ').at(-1)!;
  const mesh = readTestMesh('20mm-xyz-cube.stl');
  let modelId = 0;
  let modelPath = '';

  async function startInstance(extra: Record<string, string>): Promise<string> {
    const port = await freePort();
    const dataDir = tempDir('two-instances');
    dataDirs.push(dataDir);
    const server = start(serverEntry, [], {
      DATABASE_URL: t.url!,
      PORT: String(port),
      DATA_DIR: dataDir,
      AUTH_SECRET: 'two-instances-test-secret-0123456789abcdef',
      PAGE_CACHE_SECONDS: '10',
      DEMO_MODEL_WORKERS: '0',
      ACCOUNT_RATE_LIMIT_FACTOR: '100',
      FILE_STORE: 's3',
      S3_ENDPOINT: s3.settings.endpoint!,
      S3_BUCKET: s3.settings.bucket,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId!,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey!,
      ...extra,
    });
    servers.push(server);
    await waitForServer(server, port, 180_000);
    return `http://127.0.0.1:${port}`;
  }

  /** The new model's card in B's listing JSON (found by its title's last word), or undefined. */
  async function cardOnB(): Promise<Record<string, unknown> | undefined> {
    const response = await fetch(`${b}/api/internal/items?keywords=${keyword}&facets=0`);
    const { data } = (await response.json()) as { data: { items: Record<string, unknown>[] } };
    return data.items.find((item) => item.id === modelId);
  }

  beforeAll(async () => {
    requireBuild();
    t = await createTestDatabase();
    s3 = await startS3Server();
    // A seeds the demo catalogue and analyses uploads; B runs no background jobs.
    a = await startInstance({ SEED_MODELS: '40' });
    b = await startInstance({ SEED_ON_START: 'false', JOB_WORKERS: '0' });
    seller = await Member.of(t, 'sam_two', ['buyer', 'seller']);
    admin = await Member.of(t, 'ada_two', ['buyer', 'admin']);
    buyer = await Member.of(t, 'bea_two', ['buyer']);
  }, 420_000);

  afterAll(async () => {
    await Promise.all(servers.map(stop));
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    await s3?.close();
    await t?.cleanup();
  });

  it('a model published through A is found, shown and pictured through B within a second', async () => {
    const [{ id: categoryId }] = (await t.handle.query<{ id: number }>(
      `SELECT id FROM categories WHERE product_type = 'print' AND parent_id IS NULL ORDER BY id LIMIT 1`,
    )) as [{ id: number }];
    const created = await seller.post(a, '/api/internal/studio/models', {
      title,
      description: 'Clips a cable to the desk edge.',
      categoryId: String(categoryId),
      tags: 'cable, desk, clip',
      price: '4.00',
      licence: 'royalty_free',
      unit: 'mm',
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    modelId = created.json.data!.id as number;
    const file = await seller.post(
      a,
      `/api/internal/studio/models/${modelId}/files?name=clip.stl`,
      mesh,
      'application/octet-stream',
    );
    expect(file.status, JSON.stringify(file.json)).toBe(201);
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const picture = await seller.post(
      a,
      `/api/internal/studio/models/${modelId}/pictures?name=clip.png`,
      png,
      'application/octet-stream',
    );
    expect(picture.status, JSON.stringify(picture.json)).toBe(201);
    // A's job runner analyses the mesh, read from the bucket; until then the request is refused.
    await visibleAfter(
      'the upload analysed on A',
      async () => {
        const asked = await seller.post(a, `/api/internal/studio/models/${modelId}/review_request`, {});
        if (asked.status === 200) return true;
        expect(JSON.stringify(asked.json)).toContain('analysis_pending');
        return false;
      },
      120_000,
    );

    expect(await cardOnB()).toBeUndefined();
    const approved = await admin.post(a, `/api/internal/admin/reviews/${modelId}`, {
      verdict: 'approve',
      score: 90,
    });
    expect(approved.json).toMatchObject({ data: { published: true } });
    const ms = await visibleAfter('published on A, found on B', async () => (await cardOnB()) !== undefined);
    expect(ms).toBeLessThanOrEqual(withinMs);

    const card = (await cardOnB())!;
    modelPath = new URL(String(card.url), b).pathname;
    const page = await anonymousPage(b, modelPath);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(title);
    // The picture uploaded through A is in the bucket, and B serves it.
    const previews = [
      ...new Set([...html.matchAll(/\/files\/(previews\/[\w./-]+?\.webp)/g)].map((m) => m[1]!)),
    ];
    const own = previews.filter((key) => key.startsWith(`previews/studio/m${modelId}-`));
    expect(own.length, previews.join('\n')).toBeGreaterThan(0);
    const served = await fetch(`${b}/files/${own[0]}`);
    expect(served.status).toBe(200);
    const stored = await new S3FileStore(s3.settings).read(own[0]!);
    expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);
  }, 240_000);

  it('a like through A is counted through B within a second, and B never serves a member a cached page', async () => {
    // Guests' copy of the page is cached on B …
    await anonymousPage(b, modelPath);
    expect((await anonymousPage(b, modelPath)).headers.get('x-page-cache')).toBe('HIT');
    const likesBefore = Number((await cardOnB())!.likes);

    const liked = await buyer.post(a, `/api/internal/items/${modelId}/likes`, {});
    expect(liked.json).toMatchObject({ data: { liked: true, likes: likesBefore + 1 } });
    const ms = await visibleAfter(
      'liked on A, counted on B',
      async () => Number((await cardOnB())!.likes) === likesBefore + 1,
    );
    expect(ms).toBeLessThanOrEqual(withinMs);

    // … but the member who liked gets B's page rendered for them: their name, the model liked.
    const own = await buyer.get(b, modelPath);
    expect(own.headers.get('x-page-cache')).toBeNull();
    const html = await own.text();
    expect(html).toContain('bea_two');
    expect(html).toMatch(/aria-pressed="true"[^>]*data-testid="like"/);
    const likedList = await buyer.get(b, '/account/likes');
    expect(likedList.headers.get('x-page-cache')).toBeNull();
    expect(await likedList.text()).toContain(title);
  });

  it('a checkout through A is in the buyer’s purchases through B within a second, downloadable there', async () => {
    const added = await buyer.post(a, '/api/internal/cart/items', { modelId });
    expect(added.json).toMatchObject({ data: { outcome: 'added' } });
    // The cart widget names the model too: what tells a purchase is its download link.
    const downloadLink = /href="(\/api\/internal\/downloads\/\d+\?[^"]+)"/;
    expect(downloadLink.test(await (await buyer.get(b, '/purchases')).text())).toBe(false);

    const paid = await buyer.post(a, '/api/internal/checkout', {
      idempotencyKey: `two-instances-${modelId}`,
      useCredits: false,
      card: goodCard,
    });
    expect(paid.json, JSON.stringify(paid.json)).toMatchObject({ data: { status: 'fulfilled' } });
    let purchases = '';
    const ms = await visibleAfter('bought on A, in purchases on B', async () => {
      const response = await buyer.get(b, '/purchases');
      expect(response.headers.get('x-page-cache')).toBeNull();
      purchases = await response.text();
      return downloadLink.test(purchases);
    });
    expect(ms).toBeLessThanOrEqual(withinMs);

    // The download link B gives answers (through B) with a short-lived address in the bucket.
    expect(purchases).toContain(title);
    const link = purchases.match(downloadLink)![1]!.replaceAll('&amp;', '&');
    const download = await buyer.get(b, link, { redirect: 'manual' });
    expect(download.status).toBe(302);
    const bytes = Buffer.from(await (await fetch(download.headers.get('location')!)).arrayBuffer());
    expect(bytes.equals(Buffer.from(mesh))).toBe(true);
  });

  it('a profile change through A drops B’s cached copies of the profile within a second', async () => {
    const profile = '/designers/sam_two';
    await anonymousPage(b, profile);
    expect((await anonymousPage(b, profile)).headers.get('x-page-cache')).toBe('HIT');
    const name = `Samuel ${Date.now().toString(36)}`;
    const saved = await seller.post(a, '/api/internal/account/profile', {
      displayName: name,
      about: 'Clips and holders.',
      links: [],
      skills: [],
      software: [],
      acceptsCustomRequests: false,
    });
    expect(saved.json, JSON.stringify(saved.json)).toMatchObject({ data: { saved: true } });
    const ms = await visibleAfter('profile saved on A, B’s cached copy dropped', async () =>
      (await (await anonymousPage(b, profile)).text()).includes(name),
    );
    // Without the purge from A, B would keep its copy for PAGE_CACHE_SECONDS (10 s).
    expect(ms).toBeLessThanOrEqual(withinMs);
  });
});
