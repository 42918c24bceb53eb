import { gzipSync } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { deleteFile, writeFile } from '@/server/files/store';

import { fileDownload } from './file-download';

describe('fileDownload', () => {
  it('streams the stored file as a private attachment under its encoded name', async () => {
    const key = `downloads-test/${process.pid}.bin`;
    const bytes = Buffer.from('solid 3D model bytes');
    await writeFile(key, bytes);
    try {
      const response = await fileDownload({
        storageKey: key,
        fileName: 'Ship #1 é.stl',
        sizeBytes: bytes.length,
      });
      expect(response.status).toBe(200);
      expect(Object.fromEntries(response.headers)).toEqual({
        'content-type': 'application/octet-stream',
        'content-length': String(bytes.length),
        'content-disposition': "attachment; filename*=UTF-8''Ship%20%231%20%C3%A9.stl",
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      });
      expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    } finally {
      await deleteFile(key);
    }
  });

  it('sends a file stored compressed (.gz) as it was before', async () => {
    const key = `downloads-test/${process.pid}.stl.gz`;
    const bytes = Buffer.from('solid cube\n'.repeat(500));
    await writeFile(key, gzipSync(bytes));
    try {
      const response = await fileDownload({ storageKey: key, fileName: 'cube.stl', sizeBytes: bytes.length });
      expect(response.headers.get('content-length')).toBe(String(bytes.length));
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    } finally {
      await deleteFile(key);
    }
  });
});
