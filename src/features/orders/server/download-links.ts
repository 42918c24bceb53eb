import { hasValidSignature, sign } from '@/server/auth/signing';

/** Download links work this long; the purchases page makes fresh ones on every visit. */
export const downloadLinkLifetimeMs = 15 * 60_000;

const payload = (fileId: number, userId: number, expires: number) =>
  `download:${fileId}:${userId}:${expires}`;

/** A signed link to a file for one buyer, valid until `now` + 15 minutes. */
export function downloadHref(fileId: number, userId: number, now = new Date()): string {
  const expires = Math.floor((now.getTime() + downloadLinkLifetimeMs) / 1000);
  return `/api/internal/downloads/${fileId}?expires=${expires}&signature=${sign(payload(fileId, userId, expires))}`;
}

/** True when the link was made for this file and user and has not expired. */
export function isValidDownloadLink(
  fileId: number,
  userId: number,
  expires: string | null,
  signature: string | null,
  now = new Date(),
): boolean {
  if (!expires || !/^\d{1,12}$/.test(expires) || !signature) return false;
  if (Number(expires) * 1000 < now.getTime()) return false;
  return hasValidSignature(payload(fileId, userId, Number(expires)), signature);
}
