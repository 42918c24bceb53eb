/**
 * Issue 26 §4: the built server with FILE_STORE=s3 on an S3-compatible server that the test starts
 * (decision 0061). Seeded and analysed on the bucket alone: DATA_DIR gets no files, the pages' pictures
 * and the 3D viewer's copies come from the bucket through the app. A bucket it cannot reach stops the
 * start with a message naming it.
 */
import fs from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { S3FileStore } from '@/server/files/s3-store';

import { startS3Server, type TestS3Server } from '../fixtures/s3-server';
import { freePort, requireBuild, run, serverEntry, start, stop, tempDir, waitForServer } from './processes';

let s3: TestS3Server;

const s3Env = (settings: TestS3Server['settings']) => ({
  FILE_STORE: 's3',
  S3_ENDPOINT: settings.endpoint!,
  S3_BUCKET: settings.bucket,
  S3_ACCESS_KEY_ID: settings.accessKeyId!,
  S3_SECRET_ACCESS_KEY: settings.secretAccessKey!,
});

beforeAll(async () => {
  requireBuild();
  s3 = await startS3Server();
});
afterAll(() => s3.close());

describe('the built server with its files in an S3 bucket', () => {
  const dataDir = tempDir('s3-data');
  let server: ReturnType<typeof start>;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = start(serverEntry, [], {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // From 80 models on, the seed attaches its demo meshes; one worker analyses them from the bucket.
      SEED_MODELS: '80',
      JOB_WORKERS: '1',
      DEMO_MODEL_WORKERS: '0',
      ...s3Env(s3.settings),
    });
    await waitForServer(server, port, 240_000);
  }, 300_000);
  afterAll(async () => {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the home page’s pictures from the bucket, and keeps none in DATA_DIR', async () => {
    const home = await (await fetch(`${base}/`)).text();
    const pictures = [
      ...new Set([...home.matchAll(/\/files\/(previews\/[\w./-]+?\.webp)/g)].map((m) => m[1]!)),
    ];
    expect(pictures.length).toBeGreaterThan(3);
    const store = new S3FileStore(s3.settings);
    for (const key of pictures.slice(0, 4)) {
      const response = await fetch(`${base}/files/${key}`);
      expect({ key, status: response.status }).toEqual({ key, status: 200 });
      expect(Buffer.from(await response.arrayBuffer()).equals(await store.read(key))).toBe(true);
    }
    expect(
      fs.existsSync(path.join(dataDir, 'files')) ? fs.readdirSync(path.join(dataDir, 'files')) : [],
    ).toEqual([]);
  });

  it('analyses the seeded meshes from the bucket: their 3D views are there', async () => {
    const store = new S3FileStore(s3.settings);
    const deadline = Date.now() + 120_000;
    let viewerUrls: string[] = [];
    // The calibration cube is one of the seeded meshes; its page links the viewer copy once analysed.
    while (Date.now() < deadline) {
      const search = (await (
        await fetch(`${base}/api/internal/items?keywords=calibration%20cube`)
      ).json()) as {
        data: { items: { url: string }[] };
      };
      const card = search.data.items[0];
      const page = card ? await (await fetch(new URL(card.url, base))).text() : '';
      viewerUrls = [...page.matchAll(/\/files\/(viewer\/[\w.-]+\.bin)/g)].map((m) => m[1]!);
      if (viewerUrls.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(viewerUrls.length).toBeGreaterThan(0);
    expect(await store.exists(viewerUrls[0]!)).toBe(true);
    expect((await fetch(`${base}/files/${viewerUrls[0]}`)).status).toBe(200);
  }, 150_000);
});

it('refuses to start on a bucket it cannot reach, naming it', async () => {
  const dataDir = tempDir('s3-missing');
  try {
    const finished = await run(serverEntry, [], {
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_ON_START: 'false',
      ...s3Env({ ...s3.settings, bucket: 'no-such-bucket' }),
    });
    expect(finished.code).toBe(1);
    expect(finished.stderr).toMatch(
      /Error: the file store cannot be used: cannot reach the S3 bucket "no-such-bucket"/,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
