'use client';

/**
 * Spec §7: a script chunk that fails to load is tried once more with a cache-busting query, so that a
 * broken copy kept by a cache or a proxy is not served again. Turbopack's runtime retries a failed
 * chunk once after 200–600 ms but at the same URL, and builds that URL itself (decision 0027). So the
 * browser is taught to remember the chunks that failed, and a later `<script src>` for one of them gets
 * the `retry` query. Turbopack files a loaded chunk under the address its script element says it asked
 * for, so that element answers with the address without the query.
 */
import { cacheBustedUrl, chunkKey } from '@/lib/chunk-retry';

const installed = Symbol.for('meshbay.chunkRetry');

type ChunkWindow = Window & typeof globalThis & { [installed]?: true };

function installChunkRetry(win: ChunkWindow): void {
  if (win[installed]) return;
  win[installed] = true;
  const failed = new Set<string>();
  // A script's load error does not bubble; a capturing listener sees it before the script's own
  // `onerror`, which is where Turbopack schedules its retry.
  win.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (!(target instanceof win.HTMLScriptElement) || !target.src) return;
      const key = chunkKey(target.src, win.document.baseURI);
      if (key) failed.add(key);
    },
    true,
  );
  const src = Object.getOwnPropertyDescriptor(win.HTMLScriptElement.prototype, 'src');
  if (!src?.set || !src.get) return;
  const { get, set } = src;
  Object.defineProperty(win.HTMLScriptElement.prototype, 'src', {
    configurable: true,
    enumerable: src.enumerable,
    get,
    set(this: HTMLScriptElement, value: string) {
      const url = String(value);
      const key = chunkKey(url, win.document.baseURI);
      if (!key || !failed.has(key)) return set.call(this, value);
      set.call(this, cacheBustedUrl(url, Date.now()));
      // Turbopack files the loaded chunk under its script's `src` attribute as it was asked for.
      const getAttribute = this.getAttribute.bind(this);
      Object.defineProperty(this, 'getAttribute', {
        value: (name: string) => (name.toLowerCase() === 'src' ? url : getAttribute(name)),
      });
    },
  });
}

// Installed when this module is evaluated, with the page's first scripts: before hydration and before
// any chunk loaded on demand, so every chunk the page asks for later is covered.
if (typeof window !== 'undefined') installChunkRetry(window);

/** Renders nothing: it is in the layout so that its module runs on every page. */
export function ChunkRetry() {
  return null;
}
