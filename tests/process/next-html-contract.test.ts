/**
 * The contract between Next.js and the pages' script rewrite (decision 0029): the rewrite matches markers
 * of the HTML that Next.js renders, which Next.js does not document. A real production page, rendered with
 * the rewrite off, must still carry them; after a Next.js upgrade this test says which one changed.
 */
import fs from 'node:fs';
import type { ChildProcess } from 'node:child_process';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { missingNextMarkers, rewriteDocumentScripts } from '@/server/http/document-scripts';

import { freePort, requireBuild, serverEntry, start, stop, tempDir, waitForHealth } from './processes';

describe('Next.js HTML as the script rewrite expects it (decision 0029)', () => {
  let server: ChildProcess | undefined;
  let port = 0;
  const dataDir = tempDir('next-html');

  beforeAll(async () => {
    requireBuild();
    port = await freePort();
    server = start(serverEntry, [], {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_MODELS: '40',
      JOB_WORKERS: '0',
      PAGE_CACHE_SECONDS: '0',
      DOCUMENT_SCRIPT_REWRITE: 'false',
    });
    await waitForHealth(port, 90_000);
  }, 120_000);

  afterAll(async () => {
    if (server) await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the home page has the chunk scripts and the inline payload the rewrite works on', async () => {
    const html = await (
      await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/html' } })
    ).text();
    expect(
      missingNextMarkers(html),
      'Next.js renders pages differently: revisit src/server/http/document-scripts.ts (decision 0029) or set DOCUMENT_SCRIPT_REWRITE=false',
    ).toEqual([]);
    const rewritten = rewriteDocumentScripts(html);
    expect(rewritten).not.toMatch(/<script src="\/_next\/static\/chunks\/[^"]+" async/);
    expect(rewritten).toContain('self.__meshbayFramePainted');
    expect((rewritten.match(/self\.__next_f\.push\(/g) ?? []).length).toBeGreaterThan(
      (html.match(/self\.__next_f\.push\(/g) ?? []).length,
    );
  });

  it('with the setting off, pages are served as Next.js renders them', async () => {
    const html = await (
      await fetch(`http://127.0.0.1:${port}/about-us`, { headers: { accept: 'text/html' } })
    ).text();
    expect(html).toMatch(/<script src="\/_next\/static\/chunks\/[^"]+" async/);
    expect(html).not.toContain('self.__meshbayFramePainted');
  });
});
