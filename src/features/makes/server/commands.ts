/**
 * Posting, deleting and liking makes (decision 0044). Every write is counted against a per-user budget
 * an hour; pictures go through the one checked upload path for user pictures (content sniffed,
 * re-encoded to WebP in three widths); a make of a model that is not published, or another member's
 * make, is a 404.
 */
import { parseModelId } from '@/features/catalog/api';
import { findPostingBanUntil } from '@/features/forum/server/api';
import { AppError } from '@/server/errors';
import { assertWithinRateLimit } from '@/server/http/rate-limit';
import { deleteUserPicture, storeUserPicture } from '@/server/images/user-pictures';

import { maxMakePictures, type MakeFields } from '../schemas';
import {
  deleteMakeLike,
  deleteMakeRow,
  findMakeOwner,
  insertMake,
  insertMakeLike,
  type StoredMakePicture,
} from './repository';

const hour = 3_600_000;
/** New makes: a busy maker posts a few an evening; a flood of pictures is stopped early. */
export const makesPerHour = 10;
export const makeLikeRequestsPerHour = 120;
export const makeDeletionsPerHour = 60;

export function parseMakeId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

function makeIdOf(raw: string): number {
  const id = parseMakeId(raw);
  if (id === null) throw new AppError('NOT_FOUND', 'No such make');
  return id;
}

/** A member banned from posting (the forum's ban covers makes, decision 0044): a 400 the form words. */
export class MakePostingBanned extends AppError {
  constructor(readonly until: Date) {
    super('BAD_REQUEST', `You may not post makes until ${until.toISOString()}`);
  }
}

/** The ban and the rate limit, before any picture is decoded (decoding is the expensive part). */
export async function assertMayPostMake(userId: number, now = new Date()): Promise<void> {
  await assertWithinRateLimit(`make_post:user:${userId}`, makesPerHour, hour, now);
  const bannedUntil = await findPostingBanUntil(userId, now);
  if (bannedUntil) throw new MakePostingBanned(bannedUntil);
}

/**
 * Stores the pictures (all or none: a refused one deletes those stored before it) and the make.
 * Throws UserPictureRefused for a bad picture, NOT_FOUND for a model that is not published.
 */
export async function postMake(input: {
  userId: number;
  rawModelId: string;
  fields: MakeFields;
  pictures: Buffer[];
  now?: Date;
  filesRoot?: string;
}): Promise<number> {
  const now = input.now ?? new Date();
  const modelId = parseModelId(input.rawModelId);
  if (modelId === null) throw new AppError('NOT_FOUND', 'No such model');
  if (input.pictures.length === 0 || input.pictures.length > maxMakePictures)
    throw new AppError('BAD_REQUEST', `A make has 1 to ${maxMakePictures} pictures`);
  const stored: StoredMakePicture[] = [];
  try {
    // One at a time: each decode holds up to 50 MP in memory.
    for (const bytes of input.pictures) {
      stored.push(await storeUserPicture(`makes/u${input.userId}`, bytes, input.filesRoot));
    }
    const id = await insertMake({
      modelId,
      userId: input.userId,
      fields: input.fields,
      pictures: stored,
      now,
    });
    if (id === null) throw new AppError('NOT_FOUND', 'No such model');
    return id;
  } catch (error) {
    await Promise.all(stored.map((picture) => deleteUserPicture(picture.key, input.filesRoot)));
    throw error;
  }
}

/**
 * The poster deletes their make, an admin removes anyone's; for anyone else it does not exist. Returns
 * the make's model (its page shows the makes).
 */
export async function deleteMake(input: {
  user: { id: number; isAdmin: boolean };
  rawMakeId: string;
  now?: Date;
  filesRoot?: string;
}): Promise<{ modelId: number }> {
  await assertWithinRateLimit(`make_delete:user:${input.user.id}`, makeDeletionsPerHour, hour, input.now);
  const makeId = makeIdOf(input.rawMakeId);
  const owner = await findMakeOwner(makeId);
  if (!owner || (owner.userId !== input.user.id && !input.user.isAdmin))
    throw new AppError('NOT_FOUND', 'No such make');
  const keys = await deleteMakeRow(makeId);
  if (keys === null) throw new AppError('NOT_FOUND', 'No such make');
  await Promise.all(keys.map((key) => deleteUserPicture(key, input.filesRoot)));
  return { modelId: owner.modelId };
}

export interface MakeLikeState {
  liked: boolean;
  likes: number;
}

async function likeRequest(userId: number, rawMakeId: string, now: Date): Promise<number> {
  await assertWithinRateLimit(`make_like:user:${userId}`, makeLikeRequestsPerHour, hour, now);
  return makeIdOf(rawMakeId);
}

export async function likeMake(userId: number, rawMakeId: string, now = new Date()): Promise<MakeLikeState> {
  const likes = await insertMakeLike(userId, await likeRequest(userId, rawMakeId, now), now);
  if (likes === null) throw new AppError('NOT_FOUND', 'No such make');
  return { liked: true, likes };
}

export async function unlikeMake(
  userId: number,
  rawMakeId: string,
  now = new Date(),
): Promise<MakeLikeState> {
  const likes = await deleteMakeLike(userId, await likeRequest(userId, rawMakeId, now));
  if (likes === null) throw new AppError('NOT_FOUND', 'No such make');
  return { liked: false, likes };
}
