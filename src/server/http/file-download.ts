/** A private file of the store sent as a download (a purchase, an attachment, a request's file). */
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

import { getFileStore } from '@/server/files/store';

export interface DownloadableFile {
  /** A key ending in `.gz` is a file stored compressed: it is sent as it was before. */
  storageKey: string;
  /** The name the browser saves it under. */
  fileName: string;
  /** The size as sent (before compression). */
  sizeBytes: number;
}

/** How long a store's direct download address works: the browser follows it at once. */
export const storeDownloadSeconds = 300;

const privateHeaders = { 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' };

/**
 * Never cached, and never rendered by the browser (attachment, nosniff). From an object store the
 * browser is sent on to a presigned address of the object that works for five minutes (decision
 * 0061), unless `direct` (a slicer's own HTTP client) or the file is stored compressed: those are
 * streamed through the app.
 */
export async function fileDownload(
  file: DownloadableFile,
  options: { direct?: boolean } = {},
): Promise<Response> {
  const store = await getFileStore();
  const compressed = file.storageKey.endsWith('.gz');
  if (!compressed && !options.direct) {
    const signed = await store.signedDownloadUrl(file.storageKey, file.fileName, storeDownloadSeconds);
    if (signed) return new Response(null, { status: 302, headers: { location: signed, ...privateHeaders } });
  }
  const stored = Readable.from(await store.readStream(file.storageKey));
  const content = compressed ? stored.pipe(createGunzip()) : stored;
  const body = Readable.toWeb(content) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      'content-type': 'application/octet-stream',
      'content-length': String(file.sizeBytes),
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      ...privateHeaders,
    },
  });
}
