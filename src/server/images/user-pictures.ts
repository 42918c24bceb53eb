/**
 * Pictures users upload to community content (makes, forum posts, tutorials, contest renders): a JPG,
 * PNG or WebP recognised by its bytes (never its name), decoded under a pixel limit, turned upright,
 * stripped of its metadata (camera, GPS) and stored as WebP in three widths, aspect kept: 360 (cards,
 * thumbnails), 720 (a column), 1440 (a full-width view on high-density screens). One module for every
 * feature, so the checks are the same everywhere.
 */
import { randomBytes } from 'node:crypto';

import sharp, { type OutputInfo } from 'sharp';

import { deleteFile, fileUrl, writeFile } from '@/server/files/store';

import { sniffImageType } from './image-type';

export const userPictureWidths = [360, 720, 1440] as const;
export type UserPictureWidth = (typeof userPictureWidths)[number];
/** The largest file accepted (a phone's photo is 2–8 MB). */
export const maxUserPictureBytes = 15 * 1024 * 1024;
/** The most pixels decoded: larger pictures (a decompression bomb, a scan) are refused. */
export const maxUserPicturePixels = 50_000_000;

export type UserPictureRefusal = 'picture_type' | 'picture_too_large' | 'picture_dimensions';

export class UserPictureRefused extends Error {
  constructor(readonly reason: UserPictureRefusal) {
    super(`Picture refused: ${reason}`);
  }
}

export interface StoredUserPicture {
  /** Stored files are `{key}-{width}.webp`. */
  key: string;
  /** Of the largest stored width. */
  width: number;
  height: number;
}

/** The WebP files of an uploaded picture, smallest first; throws UserPictureRefused for a bad one. */
export async function renderUserPicture(
  bytes: Buffer,
): Promise<{ files: Array<{ width: number; data: Buffer }>; width: number; height: number }> {
  if (bytes.length > maxUserPictureBytes) throw new UserPictureRefused('picture_too_large');
  if (!sniffImageType(bytes)) throw new UserPictureRefused('picture_type');
  let master: { data: Buffer; info: OutputInfo };
  try {
    // Only the header is read here, so no pixel limit yet: the size is checked against ours below.
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!metadata.format || !['jpeg', 'png', 'webp'].includes(metadata.format))
      throw new UserPictureRefused('picture_type');
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > maxUserPicturePixels)
      throw new UserPictureRefused('picture_dimensions');
    const largest = userPictureWidths[userPictureWidths.length - 1]!;
    master = await sharp(bytes, { limitInputPixels: maxUserPicturePixels })
      .rotate()
      .resize({ width: largest, height: largest * 2, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof UserPictureRefused) throw error;
    // sharp could not decode it: a truncated or disguised file.
    throw new UserPictureRefused('picture_type');
  }
  const files = await Promise.all(
    userPictureWidths.map(async (width) => ({
      width,
      data: await sharp(master.data)
        .resize({ width: Math.min(width, master.info.width), withoutEnlargement: true })
        .webp({ quality: width <= 360 ? 74 : 80, effort: 4 })
        .toBuffer(),
    })),
  );
  return { files, width: master.info.width, height: master.info.height };
}

/**
 * Checks, renders and stores an uploaded picture under `{folder}/{new random name}` (a changed
 * picture gets new URLs: they are cached for good). Throws UserPictureRefused for a bad one.
 */
export async function storeUserPicture(
  folder: string,
  bytes: Buffer,
  root?: string,
): Promise<StoredUserPicture> {
  const rendered = await renderUserPicture(bytes);
  // Under `pictures/`, which the file route serves to everyone (like previews and avatars).
  const key = `pictures/${folder.replace(/^\/+|\/+$/g, '')}/${randomBytes(9).toString('hex')}`;
  try {
    await Promise.all(rendered.files.map((file) => writeFile(`${key}-${file.width}.webp`, file.data, root)));
  } catch (error) {
    await deleteUserPicture(key, root);
    throw error;
  }
  return { key, width: rendered.width, height: rendered.height };
}

export async function deleteUserPicture(key: string, root?: string): Promise<void> {
  await Promise.all(userPictureWidths.map((width) => deleteFile(`${key}-${width}.webp`, root)));
}

/** The URL of one stored width of a picture. */
export function userPictureUrl(key: string, width: UserPictureWidth): string {
  return fileUrl(`${key}-${width}.webp`);
}

/** `srcset` for a stored picture. */
export function userPictureSrcSet(key: string): string {
  return userPictureWidths.map((width) => `${userPictureUrl(key, width)} ${width}w`).join(', ');
}
