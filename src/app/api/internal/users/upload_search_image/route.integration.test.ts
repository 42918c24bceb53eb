import fs from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { parseListingFilters } from '@/features/catalog/schemas';
import { getModelPage } from '@/features/catalog/server/queries';
import { getDatabase } from '@/server/db/client';
import { seedCatalog } from '@/seed/seed';

import { createTestDatabase, type TestDatabase } from '../../../../../../tests/setup/test-database';
import { csrfHeaders } from '../../../../../../tests/fixtures/csrf';
import { POST } from './route';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 120, filesRoot: t.filesRoot });
});
afterAll(() => t.cleanup());

const uploadError = 'Your image failed to upload. Please try again or contact our support.';

function upload(
  file: Blob | string | null,
  {
    headers = csrfHeaders(),
    client = 'test-client',
  }: { headers?: Record<string, string>; client?: string } = {},
) {
  const body = new FormData();
  if (typeof file === 'string') body.append('file', file);
  else if (file !== null) body.append('file', file, 'picture.png');
  return POST(
    new Request('http://localhost:3000/api/internal/users/upload_search_image', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000', 'x-client-ip': client, ...headers },
      body,
    }),
  );
}

describe('POST /api/internal/users/upload_search_image', () => {
  it('takes a picture, answers its id, and a listing by that id shows the model with that picture first', async () => {
    const [row] = await (
      await getDatabase()
    ).query<{ title: string; storage_key: string }>(
      `SELECT m.title, p.storage_key FROM models m JOIN preview_images p ON p.model_id = m.id AND p.position = 0
       ORDER BY m.id LIMIT 1`,
    );
    const original = path.join(t.filesRoot, `${row!.storage_key}-720.webp`);
    // A cropped, resized JPEG copy of the model's picture.
    const copy = await sharp(fs.readFileSync(original))
      .extract({ left: 40, top: 30, width: 640, height: 480 })
      .resize(400)
      .jpeg({ quality: 75 })
      .toBuffer();
    const response = await upload(new Blob([new Uint8Array(copy)], { type: 'image/jpeg' }));
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { imageId: string } };
    expect(data.imageId).toMatch(/^[0-9a-f-]{36}$/);

    const page = await getModelPage({
      locale: 'en',
      filters: parseListingFilters({ image_id: data.imageId }),
      page: 1,
    });
    const top = page!.items.slice(0, 3);
    expect(top[0]!.primaryImage.src).toContain(row!.storage_key);
    // Models sharing the picture tie: the model is among the first 3, or they all share its picture.
    const titles = top.map((m) => m.title);
    if (!titles.includes(row!.title))
      for (const m of top) expect(m.primaryImage.src).toContain(row!.storage_key);
  });

  it('refuses files by their bytes, not their names: text named .png, an empty field, a broken picture', async () => {
    for (const file of [new Blob(['hello, not a picture'], { type: 'image/png' }), null, 'just a string']) {
      const response = await upload(file);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: { code: 'BAD_REQUEST', message: uploadError } });
    }
    // PNG magic bytes followed by garbage: sharp cannot decode it.
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]);
    expect((await upload(new Blob([broken]))).status).toBe(400);
  });

  it('refuses 25 MB and more with 413', async () => {
    const big = new Uint8Array(25 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff]);
    const response = await upload(new Blob([big], { type: 'image/jpeg' }), { client: 'big-client' });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(uploadError);
  });

  it('needs the CSRF header, and limits each client to 20 uploads a minute', async () => {
    expect((await upload(new Blob(['x']), { headers: {} })).status).toBe(403);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await upload(new Blob(['x']), { client: 'busy-client' })).status);
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another client is not affected.
    expect((await upload(new Blob(['x']), { client: 'calm-client' })).status).toBe(400);
  });
});
