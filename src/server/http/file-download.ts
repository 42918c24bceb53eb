/** A private file of the store sent as a download (a purchase, an attachment, a request's file). */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';

import { filePath } from '@/server/files/store';

export interface DownloadableFile {
  storageKey: string;
  /** The name the browser saves it under. */
  fileName: string;
  sizeBytes: number;
}

/** Streamed from the store, never cached, and never rendered by the browser (attachment, nosniff). */
export function fileDownload(file: DownloadableFile): Response {
  const body = Readable.toWeb(createReadStream(filePath(file.storageKey))) as ReadableStream<Uint8Array>;
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
