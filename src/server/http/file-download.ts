/** A private file of the store sent as a download (a purchase, an attachment, a request's file). */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

import { filePath } from '@/server/files/store';

export interface DownloadableFile {
  /** A key ending in `.gz` is a file stored compressed: it is sent as it was before. */
  storageKey: string;
  /** The name the browser saves it under. */
  fileName: string;
  /** The size as sent (before compression). */
  sizeBytes: number;
}

/** Streamed from the store, never cached, and never rendered by the browser (attachment, nosniff). */
export function fileDownload(file: DownloadableFile): Response {
  const stored = createReadStream(filePath(file.storageKey));
  const content = file.storageKey.endsWith('.gz') ? stored.pipe(createGunzip()) : stored;
  const body = Readable.toWeb(content) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      'content-type': 'application/octet-stream',
      'content-length': String(file.sizeBytes),
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
