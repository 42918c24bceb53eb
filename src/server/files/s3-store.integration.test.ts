/**
 * The file store's contract, held by the local folder and by an S3-compatible server that the test
 * starts itself (decision 0061); presigned download addresses. The app on the bucket:
 * src/app/files/[...key]/s3-store.integration.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startS3Server, type TestS3Server } from '../../../tests/fixtures/s3-server';
import { FileNotFoundError, type FileStoreDriver } from './file-keys';
import { LocalFileStore } from './local-store';
import { S3FileStore } from './s3-store';

let s3: TestS3Server;
let localRoot: string;

beforeAll(async () => {
  s3 = await startS3Server();
  localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'meshbay-local-store-'));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(localRoot, { recursive: true, force: true });
});

async function* chunksOf(...parts: string[]) {
  for (const part of parts) yield Buffer.from(part);
}

async function* brokenAfter(part: string) {
  yield Buffer.from(part);
  throw new Error('connection reset');
}

const drivers: [string, () => FileStoreDriver][] = [
  ['local folder', () => new LocalFileStore(localRoot)],
  ['S3 bucket', () => new S3FileStore(s3.settings)],
];

describe.each(drivers)('the file store in a %s', (_name, makeStore) => {
  it('writes, reads, streams, tells existence and deletes a file', async () => {
    const store = makeStore();
    await store.check();
    const key = 'models/m1/part one.stl'.replace(' ', '-');
    await store.write(key, Buffer.from('solid part'));
    expect(await store.exists(key)).toBe(true);
    expect((await store.read(key)).toString()).toBe('solid part');
    const streamed: Buffer[] = [];
    for await (const chunk of await store.readStream(key)) streamed.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(streamed).toString()).toBe('solid part');
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    await store.delete(key); // a missing file: no error
    await expect(store.read(key)).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(store.readStream(key)).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it('stores an upload only when every chunk arrived', async () => {
    const store = makeStore();
    await store.writeChunks('uploads/whole.bin', chunksOf('abc', 'def', 'ghi'));
    expect((await store.read('uploads/whole.bin')).toString()).toBe('abcdefghi');
    await expect(store.writeChunks('uploads/cut.bin', brokenAfter('abc'))).rejects.toThrow(
      'connection reset',
    );
    expect(await store.exists('uploads/cut.bin')).toBe(false);
  });

  it('lends a local path holding the file, for code that reads paths', async () => {
    const store = makeStore();
    await store.write('viewer/lend.bin', Buffer.from('viewer bytes'));
    let lent = '';
    const read = await store.withLocalPath('viewer/lend.bin', async (localPath) => {
      lent = localPath;
      return fs.readFileSync(localPath, 'utf8');
    });
    expect(read).toBe('viewer bytes');
    // A copy made for the work is gone after it; the local store lends the file itself.
    expect(fs.existsSync(lent)).toBe(store.kind === 'local');
  });

  it('refuses a key that could leave its folder or bucket prefix', async () => {
    const store = makeStore();
    for (const key of ['../escape.txt', '/absolute.txt', 'a/../../b.txt', 'a//b.txt', ''])
      await expect(store.write(key, Buffer.from('x'))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('presigned download addresses', () => {
  it('give the object under its file name for a while, then nothing; the local folder has none', async () => {
    const store = new S3FileStore(s3.settings);
    await store.write('models/m7/dragon.stl', Buffer.from('solid dragon'));
    const url = await store.signedDownloadUrl('models/m7/dragon.stl', 'Dragon é.stl', 60);
    expect(url.startsWith(`${s3.settings.endpoint}/${s3.settings.bucket}/models/m7/dragon.stl?`)).toBe(true);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      "attachment; filename*=UTF-8''Dragon%20%C3%A9.stl",
    );
    expect(await response.text()).toBe('solid dragon');
    const shortLived = await store.signedDownloadUrl('models/m7/dragon.stl', 'dragon.stl', 1);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await fetch(shortLived)).status).toBeGreaterThanOrEqual(400);
    expect(await new LocalFileStore(localRoot).signedDownloadUrl()).toBeNull();
  });
});
