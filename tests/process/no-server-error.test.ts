/**
 * No input yields a 500 (issue 24, decision 0040). fast-check sends hostile input to the built app, a
 * real server process: every POST call under src/app/api gets JSON bodies, and every page (src/app/
 * [locale]/**∕page.tsx) and GET call gets query strings. Routes and pages are found by walking the
 * source, so a new one is covered without editing this test; the field and parameter names each gets
 * are read from its file and the feature files it imports (zod shapes, `query.x`, `get('x')`…), with
 * values that are mostly text with control characters (NUL first), plus numbers, nesting and junk.
 * Seeded: the same requests on every run.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freePort, requireBuild, root, serverEntry, start, stop, tempDir, waitForHealth } from './processes';

const seed = 2024;
const runsPerPost = 12;
const runsPerPage = 4;

// ---- what the source says: routes, pages and the names they read ----

function walk(dir: string, file: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full, file);
    return entry.name === file ? [full] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/')
    ? path.join(root, 'src', specifier.slice(2))
    : path.resolve(path.dirname(from), specifier);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (fs.existsSync(candidate)) return candidate;
  return null;
}

/** The file and the app's own files it imports (features and relative ones), `depth` levels down. */
function sourcesOf(file: string, depth: number, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  const files = [file];
  if (depth === 0) return files;
  for (const [, specifier] of text.matchAll(/from '((?:@\/features\/|\.{1,2}\/)[^']+)'/g)) {
    const resolved = resolveImport(file, specifier!);
    if (resolved) files.push(...sourcesOf(resolved, depth - 1, seen));
  }
  return files;
}

function namesIn(files: string[], patterns: RegExp[]): string[] {
  const names = new Set<string>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) names.add(match[1]!);
  }
  return [...names].filter((name) => name.length <= 40).sort();
}

const bodyFieldPatterns = [
  /\b([A-Za-z_]\w*)\??\s*:\s*(?:z\.|\w+[Ss]chema\b)/g,
  /\b(?:input|body|raw|data)\??\.([A-Za-z_]\w*)/g,
  // A field read by a helper: `text(input, 'email')`.
  /\(\s*(?:input|body|raw|data|fields)\s*,\s*'([A-Za-z_]\w*)'\s*\)/g,
];
const queryNamePatterns = [
  /\b(?:query|search|searchParams|params|sp)\)?\.([A-Za-z_]\w*)/g,
  /\.get\('([\w-]+)'\)/g,
  /\(\s*\w+,\s*'([\w-]+)'\s*\)/g,
];
const commonQueryNames = [
  'q',
  'page',
  'per_page',
  'sort',
  'coupon',
  'token',
  'next',
  'keywords',
  'type',
  'locale',
];

const appDir = path.join(root, 'src/app');
const routeFiles = walk(path.join(appDir, 'api'), 'route.ts').sort();
const exportsMethod = (file: string, method: string) =>
  new RegExp(`export (?:async )?function ${method}\\b|export const ${method}\\b`).test(
    fs.readFileSync(file, 'utf8'),
  );
const routePath = (file: string, root: string) =>
  '/' + path.relative(root, path.dirname(file)).split(path.sep).join('/');

const postRoutes = routeFiles
  .filter((file) => exportsMethod(file, 'POST'))
  .map((file) => ({ path: routePath(file, appDir), fields: namesIn(sourcesOf(file, 3), bodyFieldPatterns) }));
const getRoutes = routeFiles
  .filter((file) => exportsMethod(file, 'GET'))
  .map((file) => ({ path: routePath(file, appDir), names: namesIn(sourcesOf(file, 2), queryNamePatterns) }));
const localeDir = path.join(appDir, '[locale]');
const pages = walk(localeDir, 'page.tsx')
  .sort()
  .map((file) => ({
    path: routePath(file, localeDir).replace(/\/$/, '') || '/',
    names: namesIn(sourcesOf(file, 2), queryNamePatterns),
  }));

// ---- hostile values ----

const hostileText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'chair\u0000',
    '\u0000@example.com',
    'buyer@example.com\u0000',
    'demo-seller\u0000',
    '\u001b[31m',
    '\u007f\u0085',
    '\ud800',
    "' OR 1=1 --",
    '%00',
    '../../etc/passwd',
    'a'.repeat(5000),
  ),
  fc.string({ maxLength: 30 }).map((text) => `${text}\u0000`),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.emailAddress().map((email) => email.replace('@', '\u0000@')),
  fc.emailAddress(),
  fc.string({ maxLength: 30 }),
);

const { json: jsonValue } = fc.letrec((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText,
    hostileText,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('json'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('json'), { maxKeys: 3 }),
  ),
}));

function bodyOf(fields: string[]): fc.Arbitrary<string> {
  const shaped =
    fields.length === 0
      ? fc.constant({})
      : fc.record(Object.fromEntries(fields.map((field) => [field, jsonValue])), { requiredKeys: [] });
  return fc.oneof(
    { arbitrary: shaped.map((body) => JSON.stringify(body)), weight: 8 },
    { arbitrary: jsonValue.map((body) => JSON.stringify(body) ?? 'null'), weight: 1 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
  );
}

const segmentValue = (segment: string) =>
  segment === '[username]'
    ? fc.constantFrom('demo-seller', 'demo-buyer', 'nobody-here')
    : segment === '[slug]'
      ? fc.constantFrom('choosing-a-3d-model-licence', 'no-such-post')
      : segment.startsWith('[...')
        ? fc.constantFrom('furniture', 'a/b', 'x')
        : fc.constantFrom('1', '2', '3', '0', '999999999', '-1', 'abc', '1.5');

/** The path with each dynamic segment filled in. */
function filledPath(template: string): fc.Arbitrary<string> {
  const segments = template.split('/');
  return fc
    .tuple(
      ...segments.map((segment) => (segment.startsWith('[') ? segmentValue(segment) : fc.constant(segment))),
    )
    .map((parts) => parts.join('/'));
}

/** Percent-encoded; half a surrogate pair (which encodeURIComponent refuses) as its raw UTF-8-style bytes. */
function encodeHostile(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.toWellFormed())}%ED%A0%80`;
  }
}

/** Every parameter the page reads, each with a hostile value, and a few made-up ones. */
function queryOf(names: string[]): fc.Arbitrary<string> {
  const value = fc.oneof(
    hostileText,
    hostileText,
    hostileText,
    fc.integer().map(String),
    fc.constantFrom('', '1', 'a'),
  );
  const known = [...new Set([...names, ...commonQueryNames])];
  const extra = fc.array(fc.tuple(fc.string({ maxLength: 6 }), value), { maxLength: 2 });
  return fc
    .tuple(fc.tuple(...known.map((name) => value.map((v) => [name, v] as [string, string]))), extra)
    .map(([pairs, more]) =>
      [...pairs, ...more].map(([k, v]) => `${encodeHostile(k)}=${encodeHostile(v)}`).join('&'),
    );
}

// ---- the server ----

type Who = 'guest' | 'seller' | 'admin';

describe('no input yields a 500 (issue 24)', () => {
  let server: (ChildProcess & { output: () => { stdout: string; stderr: string } }) | undefined;
  let origin = '';
  const dataDir = tempDir('no-500');
  const guestToken = 'guest-csrf-token-0123456789abcdefghijklmnop';
  const visitors: Record<Who, { cookie: string; token: string }> = {
    guest: { cookie: `__Host-csrf=${guestToken}`, token: guestToken },
    seller: { cookie: '', token: '' },
    admin: { cookie: '', token: '' },
  };

  async function signIn(login: string) {
    const response = await fetch(`${origin}/api/internal/users/log_in`, {
      method: 'POST',
      headers: {
        origin,
        'content-type': 'application/json',
        'x-csrf-token': guestToken,
        cookie: visitors.guest.cookie,
      },
      body: JSON.stringify({ login, password: 'demo-password-2026' }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';', 1)[0]!)
      .join('; ');
    const csrf = await fetch(`${origin}/api/internal/csrf`, { headers: { cookie } });
    const { data } = (await csrf.json()) as { data: { token: string } };
    return { cookie: `${cookie}; __Host-csrf=${data.token}`, token: data.token };
  }

  beforeAll(async () => {
    requireBuild();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = start(serverEntry, [], {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_MODELS: '40',
      JOB_WORKERS: '0',
      PAGE_CACHE_SECONDS: '0',
      ACCOUNT_RATE_LIMIT_FACTOR: '1000',
      LOG_LEVEL: 'error',
    });
    await waitForHealth(port, 240_000);
    visitors.seller = await signIn('demo-seller');
    visitors.admin = await signIn('demo-admin');
  }, 300_000);

  afterAll(async () => {
    if (server) await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds the calls and pages in the source', () => {
    expect(postRoutes.length).toBeGreaterThan(60);
    expect(pages.length).toBeGreaterThan(40);
    expect(
      postRoutes.find((route) => route.path === '/api/internal/newsletter_subscriptions')?.fields,
    ).toContain('email');
    expect(pages.find((page) => page.path === '/cart')?.names).toContain('coupon');
  });

  it('a NUL byte in the calls the issue names is a 400 naming the field', async () => {
    const named = [
      '/api/internal/search_events',
      '/api/internal/users/log_in',
      '/api/internal/users/password_reset',
      '/api/internal/newsletter_subscriptions',
      '/api/internal/business_applications',
      '/api/internal/conversations',
      '/api/internal/conversations/[id]/messages',
      '/api/internal/items/[id]/support_messages',
      '/api/internal/custom-models',
      '/api/internal/studio/models',
    ];
    const answers: Record<string, unknown> = {};
    for (const template of named) {
      const route = postRoutes.find((candidate) => candidate.path === template)!;
      expect(route.fields, `${template}: the fields its source reads`).not.toEqual([]);
      const body = Object.fromEntries(route.fields.map((field) => [field, `${field}\u0000x`]));
      const response = await fetch(`${origin}${template.replace('[id]', '1')}`, {
        method: 'POST',
        headers: {
          origin,
          'content-type': 'application/json',
          'x-csrf-token': visitors.seller.token,
          cookie: visitors.seller.cookie,
        },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      const answer = (text.startsWith('{') ? JSON.parse(text) : {}) as {
        error?: { fieldErrors?: Record<string, string> };
      };
      answers[template] = { status: response.status, codes: Object.values(answer.error?.fieldErrors ?? {}) };
    }
    expect(answers).toEqual(
      Object.fromEntries(named.map((template) => [template, { status: 400, codes: ['control_characters'] }])),
    );
  });

  it('the cart ignores a coupon with a NUL byte (200, no coupon)', async () => {
    const cart = await fetch(`${origin}/cart?coupon=%00`, { headers: { accept: 'text/html' } });
    expect(cart.status).toBe(200);
  });

  it('every JSON POST call answers hostile bodies without a 500', async () => {
    const failures: string[] = [];
    for (const route of postRoutes) {
      // Logging out would end the session the other cases use.
      const who: fc.Arbitrary<Who> = route.path.endsWith('/log_out')
        ? fc.constant('guest')
        : fc.constantFrom('guest', 'seller', 'admin');
      const result = await fc.check(
        fc.asyncProperty(filledPath(route.path), bodyOf(route.fields), who, async (url, body, as) => {
          const response = await fetch(`${origin}${url}`, {
            method: 'POST',
            headers: {
              origin,
              'content-type': 'application/json',
              'x-csrf-token': visitors[as].token,
              cookie: visitors[as].cookie,
            },
            body,
          });
          await response.arrayBuffer();
          return response.status < 500;
        }),
        { seed, numRuns: runsPerPost, endOnFailure: true },
      );
      if (result.failed) failures.push(`POST ${route.path}: ${fc.stringify(result.counterexample)}`);
    }
    expect(failures, server!.output().stdout.slice(-3000)).toEqual([]);
  }, 600_000);

  it('every page and GET call answers hostile query strings without a 500', async () => {
    const failures: string[] = [];
    const targets = [
      ...pages.map((page) => ({ ...page, path: page.path })),
      ...getRoutes.filter((route) => !route.path.startsWith('/api/health')),
    ];
    for (const target of targets) {
      const result = await fc.check(
        fc.asyncProperty(
          filledPath(target.path),
          queryOf(target.names),
          fc.constantFrom<Who>('guest', 'seller'),
          async (url, query, as) => {
            const response = await fetch(`${origin}${url}?${query}`, {
              headers: { accept: 'text/html', cookie: visitors[as].cookie },
              redirect: 'manual',
            });
            await response.arrayBuffer();
            return response.status < 500;
          },
        ),
        { seed, numRuns: runsPerPage, endOnFailure: true },
      );
      if (result.failed) failures.push(`GET ${target.path}: ${fc.stringify(result.counterexample)}`);
    }
    expect(failures, server!.output().stdout.slice(-3000)).toEqual([]);
  }, 600_000);
});
