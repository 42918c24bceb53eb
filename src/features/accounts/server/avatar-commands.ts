/** A member changes or removes their avatar (decision 0034). */
import { getDb } from '@/server/db/client';
import type { SessionUser } from '@/server/auth/session';
import { assertWithinRateLimit } from '@/server/http/rate-limit';
import { deleteMemberAvatar, renderAvatar, storeMemberAvatar } from '@/server/images/avatars';
import { logger } from '@/server/logger';

import { lockAvatarKey, saveAvatarKey } from './profile-repository';

/** Avatar uploads per user and hour: enough to try a few pictures, not to fill the disk. */
export const avatarUploadsPerHour = 20;

/**
 * The new picture replaces the old one: it is checked and its files written first, so a refused or
 * failed upload leaves the saved avatar as it was; the old files go once the new key is saved.
 * Throws AvatarRefused (the picture) or a 429 AppError. Returns the new key.
 */
export async function changeAvatar(user: SessionUser, bytes: Buffer, now = new Date()): Promise<string> {
  await assertWithinRateLimit(`avatar_upload:user:${user.id}`, avatarUploadsPerHour, 3_600_000, now);
  const files = await renderAvatar(bytes);
  const key = await storeMemberAvatar(user.id, files);
  let previous: string | null;
  try {
    const db = await getDb();
    previous = await db.transaction(async (tx) => {
      const old = await lockAvatarKey(tx, user.id);
      await saveAvatarKey(tx, user.id, key);
      return old;
    });
  } catch (error) {
    await deleteMemberAvatar(key);
    throw error;
  }
  await removeFilesOf(previous);
  return key;
}

/** Back to no picture (the initials are shown). */
export async function removeAvatar(user: SessionUser): Promise<void> {
  const db = await getDb();
  const previous = await db.transaction(async (tx) => {
    const old = await lockAvatarKey(tx, user.id);
    await saveAvatarKey(tx, user.id, null);
    return old;
  });
  await removeFilesOf(previous);
}

async function removeFilesOf(key: string | null) {
  if (!key) return;
  // The key is no longer referenced: a file left behind is only disk space, never an error for the user.
  await deleteMemberAvatar(key).catch((error: unknown) =>
    logger.warn({ err: error, key }, 'old avatar files not deleted'),
  );
}
