/**
 * Characters no text we store may hold (decision 0040): the C0 controls but tab, line feed and carriage
 * return (multi-line text), DEL and the C1 controls. PostgreSQL refuses NUL outright; the others are
 * invisible, and no one types them on purpose. Half a surrogate pair is not text either.
 */
const forbidden = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const forbiddenEverywhere = new RegExp(forbidden.source, 'g');
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(text: string): boolean {
  return !forbidden.test(text) && !loneSurrogate.test(text);
}

/** `text` without the control characters a text field may not hold (what a browser form sends). */
export function withoutControlCharacters(text: string): string {
  return text.replace(forbiddenEverywhere, '');
}

/**
 * The path (`description`, `lines.2.name`) of the first string in a parsed JSON value, key or value,
 * that is not storable text; null when all are. An offending key is named by its position.
 */
export function firstUnstorableTextPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path.join('.') || '(body)';
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstUnstorableTextPath(item, [...path, String(index)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, '(key)'].join('.');
      const found = firstUnstorableTextPath(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
