const maxId = 2_147_483_647;

/** A model id from a URL segment, a form field or JSON: a positive 32-bit integer, else null. */
export function parseModelId(value: unknown): number | null {
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,10}$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(id) && id >= 1 && id <= maxId ? id : null;
}
