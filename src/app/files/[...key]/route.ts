import fs from 'node:fs/promises';

import { filePath, isValidFileKey } from '@/server/files/store';

const contentTypes: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** Public files of the store (preview pictures, avatars). Content-addressed keys never change. */
export async function GET(_request: Request, { params }: { params: Promise<{ key: string[] }> }) {
  const key = (await params).key.join('/');
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  const type = contentTypes[extension];
  if (!type || !isValidFileKey(key) || !(key.startsWith('previews/') || key.startsWith('avatars/'))) {
    return new Response('Not found', { status: 404 });
  }
  try {
    const data = await fs.readFile(filePath(key));
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
