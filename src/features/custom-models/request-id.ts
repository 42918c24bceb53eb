const maxId = 2_147_483_647;

/** A request's or a file's id from a URL segment: a positive 32-bit integer without leading zeros, else null. */
export function parseCustomModelId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > maxId) return null;
  return Number(value);
}
