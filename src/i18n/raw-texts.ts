/**
 * Message texts as written, `{placeholders}` left in: for client components, which fill them
 * themselves (lib/template). `t` is a translator from next-intl's `getTranslations`.
 */
export function rawTexts<K extends string>(t: unknown, keys: readonly K[]): Record<K, string> {
  const raw = (t as { raw: (key: string) => unknown }).raw;
  return Object.fromEntries(keys.map((key) => [key, String(raw(key))])) as Record<K, string>;
}
