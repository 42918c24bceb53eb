/**
 * Issue 24: pages served from the page cache each carry their own CSP nonce (the one in their policy
 * header, on every script of theirs), and a site on https sends HSTS. The built app, a real process,
 * with the page cache on and an https PUBLIC_URL (TLS ends at a proxy in front of it).
 */
import fs from 'node:fs';
import type { ChildProcess } from 'node:child_process';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freePort, requireBuild, serverEntry, start, stop, tempDir, waitForHealth } from './processes';

const hsts = 'max-age=63072000; includeSubDomains';

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers: { accept: 'text/html', ...headers } });
  const html = await response.text();
  const policy = response.headers.get('content-security-policy') ?? '';
  return {
    status: response.status,
    cache: response.headers.get('x-page-cache'),
    hsts: response.headers.get('strict-transport-security'),
    nonce: /'nonce-([^']+)'/.exec(policy)?.[1],
    scriptNonces: [...html.matchAll(/<script\b[^>]*\snonce="([^"]*)"/g)].map((match) => match[1]),
    html,
  };
}

describe('response headers of the built app on https', () => {
  let server: ChildProcess | undefined;
  let base = '';
  const dataDir = tempDir('headers');

  beforeAll(async () => {
    requireBuild();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = start(serverEntry, [], {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: 'https://meshbay.example',
      SEED_MODELS: '40',
      JOB_WORKERS: '0',
      PAGE_CACHE_SECONDS: '600',
    });
    await waitForHealth(port, 240_000);
  }, 300_000);

  afterAll(async () => {
    if (server) await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('two responses from the page cache carry different nonces, each matching its own scripts', async () => {
    const first = await page(`${base}/about-us`);
    const cached = [
      await page(`${base}/about-us`),
      await page(`${base}/about-us`, { 'accept-encoding': 'br' }),
      await page(`${base}/about-us`, { 'accept-encoding': 'gzip' }),
    ];
    expect([first, ...cached].map((response) => [response.status, response.cache])).toEqual([
      [200, 'MISS'],
      [200, 'HIT'],
      [200, 'HIT'],
      [200, 'HIT'],
    ]);
    const nonces = [first, ...cached].map((response) => response.nonce);
    expect(new Set(nonces).size).toBe(4);
    for (const response of [first, ...cached]) {
      expect(response.nonce).toMatch(/^[\w+/=-]{16,}$/);
      expect(response.scriptNonces.length).toBeGreaterThan(0);
      expect(new Set(response.scriptNonces)).toEqual(new Set([response.nonce]));
      // No other response's nonce is left in the page (the RSC payload included).
      for (const other of nonces) if (other !== response.nonce) expect(response.html).not.toContain(other);
    }
  });

  it('sends Strict-Transport-Security on pages (cached too), API calls and files', async () => {
    expect((await page(`${base}/`)).hsts).toBe(hsts);
    expect((await page(`${base}/`)).hsts).toBe(hsts);
    expect((await fetch(`${base}/api/health`)).headers.get('strict-transport-security')).toBe(hsts);
    expect((await fetch(`${base}/robots.txt`)).headers.get('strict-transport-security')).toBe(hsts);
  });
});
