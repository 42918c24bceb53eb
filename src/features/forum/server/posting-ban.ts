/**
 * The posting ban (decision 0043) for other features: a member banned from the forum may not post
 * makes either (decision 0044), and a moderator may ban a make's poster from the queue.
 */
import type { Transaction } from '@/server/db/client';

import { findBanUntil, upsertBan } from './repository';

/** Until when the member may not post (a ban running at `now`), or null. */
export function findPostingBanUntil(userId: number, now: Date): Promise<Date | null> {
  return findBanUntil(userId, now);
}

/** Bans a member from posting until `until` (replacing a ban they had). */
export function banFromPosting(
  tx: Transaction,
  input: { userId: number; until: Date; bannedBy: number; now: Date },
): Promise<void> {
  return upsertBan(tx, input);
}
