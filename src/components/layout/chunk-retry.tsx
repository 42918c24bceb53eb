'use client';

import { installChunkRetry } from '@/lib/chunk-retry';

// Installed when this module is evaluated, with the page's first scripts: before hydration and before
// any chunk loaded on demand, so every chunk the page asks for later is covered.
if (typeof window !== 'undefined') installChunkRetry(window);

/** Renders nothing: it is in the layout so that its module runs on every page. */
export function ChunkRetry() {
  return null;
}
