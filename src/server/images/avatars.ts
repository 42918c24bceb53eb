/**
 * Members' own avatars (decision 0034): a JPG, PNG or WebP, recognised by its bytes, cropped to a
 * square from its centre and stored as WebP in the three widths the site uses: 64 (avatars up to
 * 32 px), 160 (40–80 px) and 320 (the profile's 80 px avatar on high-density screens).
 */
import { randomBytes } from 'node:crypto';

import sharp from 'sharp';

import { deleteFile, writeFile } from '@/server/files/store';

import { memberAvatarFolder } from './avatar-image';
import { sniffImageType } from './image-type';

export const memberAvatarWidths = [64, 160, 320] as const;
/** The largest file accepted (a phone's photo is 2–8 MB). */
export const maxAvatarBytes = 10 * 1024 * 1024;
/** The most pixels decoded: larger pictures (a decompression bomb, a 100-megapixel scan) are refused. */
export const maxAvatarPixels = 50_000_000;

export type AvatarRefusal = 'avatar_type' | 'avatar_too_large' | 'avatar_dimensions';

export class AvatarRefused extends Error {
  constructor(readonly reason: AvatarRefusal) {
    super(`Avatar refused: ${reason}`);
  }
}

/** The three WebP files of an uploaded picture, largest last; throws AvatarRefused for a bad one. */
export async function renderAvatar(bytes: Buffer): Promise<Array<{ width: number; data: Buffer }>> {
  if (bytes.length > maxAvatarBytes) throw new AvatarRefused('avatar_too_large');
  if (!sniffImageType(bytes)) throw new AvatarRefused('avatar_type');
  let square: Buffer;
  try {
    // Only the header is read here, so no pixel limit yet: the size is checked against ours below.
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!metadata.format || !['jpeg', 'png', 'webp'].includes(metadata.format))
      throw new AvatarRefused('avatar_type');
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > maxAvatarPixels)
      throw new AvatarRefused('avatar_dimensions');
    const largest = memberAvatarWidths[memberAvatarWidths.length - 1];
    // Rotated as the camera held it, then cropped to the centre square; transparency on white.
    square = await sharp(bytes, { limitInputPixels: maxAvatarPixels })
      .rotate()
      .resize(largest, largest, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
  } catch (error) {
    if (error instanceof AvatarRefused) throw error;
    // sharp could not decode it: a truncated or disguised file.
    throw new AvatarRefused('avatar_type');
  }
  return Promise.all(
    memberAvatarWidths.map(async (width) => ({
      width,
      data: await sharp(square)
        .resize(width, width)
        .webp({ quality: width <= 64 ? 75 : 82, effort: 4 })
        .toBuffer(),
    })),
  );
}

/** Stores the rendered files under a new key (a changed avatar gets new URLs: they are cached for good). */
export async function storeMemberAvatar(
  userId: number,
  files: Array<{ width: number; data: Buffer }>,
  root?: string,
): Promise<string> {
  const key = `${memberAvatarFolder}${userId}-${randomBytes(6).toString('hex')}`;
  try {
    await Promise.all(files.map((file) => writeFile(`${key}-${file.width}.webp`, file.data, root)));
  } catch (error) {
    await deleteMemberAvatar(key, root);
    throw error;
  }
  return key;
}

/** Deletes an uploaded avatar's files; the shared generated avatars (identicons) are never deleted. */
export async function deleteMemberAvatar(key: string, root?: string): Promise<void> {
  if (!key.startsWith(memberAvatarFolder)) return;
  await Promise.all(memberAvatarWidths.map((width) => deleteFile(`${key}-${width}.webp`, root)));
}
