/**
 * Spec §7: a script chunk that fails to load is tried once more with a cache-busting query, so that a
 * broken copy kept by a cache or a proxy is not served again. Turbopack's runtime retries a failed
 * chunk once after 200–600 ms but at the same URL, and builds that URL itself (decision 0027). So the
 * browser is taught to remember the chunks that failed, and a later `<script src>` for one of them gets
 * the `retry` query. Turbopack files a loaded chunk under the address its script element says it asked
 * for, so that element answers with the address without the query.
 */

const chunkPath = '/_next/static/';
const installed = Symbol.for('meshbay.chunkRetry');

/** The chunk's address without query or fragment: what a failure is remembered by. */
export function chunkKey(url: string, base: string): string | null {
  const parsed = new URL(url, base);
  if (!parsed.pathname.startsWith(chunkPath) || !parsed.pathname.endsWith('.js')) return null;
  return parsed.origin + parsed.pathname;
}

/** The same address with a `retry` query that no cache has seen. */
export function cacheBustedUrl(url: string, now: number): string {
  const [withoutFragment = url, fragment] = url.split('#', 2);
  const separator = withoutFragment.includes('?') ? '&' : '?';
  return `${withoutFragment}${separator}retry=${now}${fragment === undefined ? '' : `#${fragment}`}`;
}

type ChunkWindow = Window & typeof globalThis & { [installed]?: true };

export function installChunkRetry(win: ChunkWindow): void {
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
