import { promisify } from 'node:util';
import { gunzip as gunzipCallback } from 'node:zlib';

import { arContentTypes, arFormatOf } from '@/features/geometry/ar-files';
import { ensureArModel } from '@/features/geometry/server/ar-models';
import { isValidFileKey, readFile } from '@/server/files/store';

const gunzip = promisify(gunzipCallback);

const contentTypes: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  bin: 'application/octet-stream',
  ...arContentTypes,
};

/**
 * Folders served to everyone: pictures (members' uploads under `pictures/`), the 3D viewer's copies of
 * the meshes and the AR files made from them (never the files sold).
 */
const publicFolders = ['previews/', 'avatars/', 'viewer/', 'pictures/', 'ar/'];

/**
 * Public files of the store. A changed file gets a new key, so they are cached for good. A viewer copy
 * stored compressed (`….bin.gz`) is sent unpacked: Next.js drops a route's own `content-encoding`, so
 * the browser could not be left to unpack it. An AR file is made from its viewer copy on its first
 * request (decision 0060).
 */
export async function GET(_request: Request, { params }: { params: Promise<{ key: string[] }> }) {
  const key = (await params).key.join('/');
  const gzipped = key.endsWith('.bin.gz');
  const name = gzipped ? key.slice(0, -3) : key;
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  const type = contentTypes[extension];
  if (!type || !isValidFileKey(key) || !publicFolders.some((folder) => key.startsWith(folder))) {
    return new Response('Not found', { status: 404 });
  }
  try {
    if (arFormatOf(key) && !(await ensureArModel(key))) return new Response('Not found', { status: 404 });
    const stored = await readFile(key);
    const data = gzipped ? await gunzip(stored) : stored;
    return new Response(new Uint8Array(data), {
      headers: {
        'content-type': type,
        'content-length': String(data.length),
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch {
    return new Response('Not found', { status: 404 });
  }
}
