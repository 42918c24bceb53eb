/**
 * How searched text becomes words, the same for the catalogue and for a query: without diacritics,
 * lower case, split at every character that is neither a letter nor a digit (`T-Rex` → `t`, `rex`).
 * Symbols alone (`-`, `…`) give no word, as Lucene's analyzer drops them.
 */

/** Lower case without diacritics: `Chaisé` → `chaise`. */
export function foldCase(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export function searchWords(text: string): string[] {
  return foldCase(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}
