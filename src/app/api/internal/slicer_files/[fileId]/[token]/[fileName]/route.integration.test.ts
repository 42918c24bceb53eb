import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { env } from '@/env';
import { slicerFileUrl } from '@/features/orders/server/download-links';
import { downloadFreeModel } from '@/features/orders/server/free-download-commands';
import { readFile } from '@/server/files/store';
import { seedCatalog } from '@/seed/seed';

import { createTestDatabase, type TestDatabase } from '../../../../../../../../tests/setup/test-database';
import { GET } from './route';

/**
 * A slicer downloads a file with its own HTTP client, without the buyer's session (decision 0059): the
 * signed path alone must let the owner's slicer in, for fifteen minutes, and nobody else.
 */
let t: TestDatabase;
let buyer: number;
let stranger: number;
let file: { id: number; fileName: string; format: string; sizeBytes: number; slicerUrl: string | null };

async function newUser(name: string): Promise<number> {
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email) VALUES ($1, $2) RETURNING id`,
    [name, `${name}@example.com`],
  );
  return row!.id;
}

/** What the slicer does with the address in its link: a plain GET, no cookie. */
async function fetchAsSlicer(url: string) {
  const { pathname } = new URL(url);
  const [fileId, token, fileName] = pathname.split('/').slice(-3) as [string, string, string];
  const response = await GET(new Request(url), { params: Promise.resolve({ fileId, token, fileName }) });
  return {
    status: response.status,
    headers: response.headers,
    body: Buffer.from(await response.arrayBuffer()),
  };
}

beforeAll(async () => {
  t = await createTestDatabase();
  // Model 120 is one of the seeded real meshes: it has files, written where downloads read them.
  await seedCatalog(t.handle, { models: 120, filesRoot: env.filesDir });
  await t.handle.query(`UPDATE models SET price_cents = 0, sale_discount_cents = 0 WHERE id = 120`);
  buyer = await newUser('slicer-buyer');
  stranger = await newUser('slicer-stranger');
  const { files } = await downloadFreeModel(buyer, 120);
  file = files.find((candidate) => candidate.slicerUrl !== null)!;
});
afterAll(() => t.cleanup());

describe('GET /api/internal/slicer_files/[fileId]/[token]/[fileName]', () => {
  it('serves the owner’s file without a session, under an address ending in the file’s name', async () => {
    expect(['stl', '3mf', 'obj', 'step', 'amf']).toContain(file.format);
    expect(file.slicerUrl).toMatch(
      new RegExp(`^http://localhost:\\d+/api/internal/slicer_files/${file.id}/${buyer}\\.\\d+\\.[\\w-]+/`),
    );
    expect(decodeURIComponent(file.slicerUrl!.split('/').pop()!)).toBe(file.fileName);
    const { status, headers, body } = await fetchAsSlicer(file.slicerUrl!);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect(body.length).toBe(file.sizeBytes);
    const [stored] = await t.handle.query<{ storage_key: string }>(
      `SELECT storage_key FROM model_files WHERE id = $1`,
      [file.id],
    );
    if (!stored!.storage_key.endsWith('.gz'))
      expect(body.equals(await readFile(stored!.storage_key))).toBe(true);
    // Counted as a download of the buyer's.
    const [events] = await t.handle.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM download_events WHERE file_id = $1 AND user_id = $2`,
      [file.id, buyer],
    );
    expect(events!.n).toBeGreaterThanOrEqual(1);
  });

  it('answers 404 to a forged, moved, expired or unowned link', async () => {
    const url = new URL(file.slicerUrl!);
    const [, , , , fileId, token, name] = url.pathname.split('/') as string[];
    const [user, expires, signature] = token!.split('.') as [string, string, string];
    const other = (path: string) => new URL(path, url).href;
    const links = {
      anotherUser: other(`/api/internal/slicer_files/${fileId}/${stranger}.${expires}.${signature}/${name}`),
      anotherFile: other(`/api/internal/slicer_files/${Number(fileId) + 1}/${token}/${name}`),
      laterExpiry: other(
        `/api/internal/slicer_files/${fileId}/${user}.${Number(expires) + 60}.${signature}/${name}`,
      ),
      badSignature: other(
        `/api/internal/slicer_files/${fileId}/${user}.${expires}.${'A'.repeat(43)}/${name}`,
      ),
      notAToken: other(`/api/internal/slicer_files/${fileId}/..%2F..%2Fetc/${name}`),
      notAnId: other(`/api/internal/slicer_files/1e3/${token}/${name}`),
      expired: slicerFileUrl(file.id, buyer, file.fileName, new Date(Date.now() - 16 * 60_000)),
      // Well signed, for somebody who does not own the model.
      unowned: slicerFileUrl(file.id, stranger, file.fileName),
    };
    for (const [name, link] of Object.entries(links))
      expect({ name, status: (await fetchAsSlicer(link)).status }).toEqual({ name, status: 404 });
    // The genuine link still works: nothing above spent it.
    expect((await fetchAsSlicer(file.slicerUrl!)).status).toBe(200);
  });
});
