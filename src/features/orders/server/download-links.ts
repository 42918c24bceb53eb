import { env } from '@/env';
import { hasValidSignature, sign } from '@/server/auth/signing';

import type { DownloadFile } from '../schemas';
import { slicerFormats } from '../slicers';

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

/**
 * As long as a download link, which the purchases page says: a slicer fetches its link within seconds
 * of the click, and a page left open keeps both kinds working equally long.
 */
export const slicerLinkLifetimeMs = downloadLinkLifetimeMs;

const slicerPayload = (fileId: number, userId: number, expires: number) =>
  `slicer:${fileId}:${userId}:${expires}`;

/**
 * An absolute link to a file for a slicer (decision 0059): the slicer downloads it with its own HTTP
 * client, without the buyer's cookies, so the buyer and the expiry travel in the signed path. It ends
 * with the file's name, from which the slicers take its format.
 */
export function slicerFileUrl(fileId: number, userId: number, fileName: string, now = new Date()): string {
  const expires = Math.floor((now.getTime() + slicerLinkLifetimeMs) / 1000);
  const token = `${userId}.${expires}.${sign(slicerPayload(fileId, userId, expires))}`;
  return new URL(
    `/api/internal/slicer_files/${fileId}/${token}/${encodeURIComponent(fileName)}`,
    env.publicUrl,
  ).href;
}

/** The buyer a slicer link was made for, when its token is this file's, unforged and unexpired. */
export function userOfSlicerLink(fileId: number, token: string, now = new Date()): number | null {
  const match = /^(\d{1,10})\.(\d{1,12})\.([\w-]{20,100})$/.exec(token);
  if (!match) return null;
  const [, userId, expires, signature] = match;
  if (Number(expires) * 1000 < now.getTime()) return null;
  return hasValidSignature(slicerPayload(fileId, Number(userId), Number(expires)), signature!)
    ? Number(userId)
    : null;
}

/** The links of a file for one user: both expire within minutes, so they are made on every visit. */
export function withDownloadLinks(
  file: { id: number; fileName: string; format: string; sizeBytes: number },
  userId: number,
  now: Date,
): DownloadFile {
  return {
    id: file.id,
    fileName: file.fileName,
    format: file.format,
    sizeBytes: file.sizeBytes,
    href: downloadHref(file.id, userId, now),
    slicerUrl: slicerFormats.has(file.format.toLowerCase())
      ? slicerFileUrl(file.id, userId, file.fileName, now)
      : null,
  };
}
