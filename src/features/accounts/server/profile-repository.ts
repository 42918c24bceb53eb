/** The users table's profile columns: the name shown instead of the username, and the avatar. */
import { eq } from 'drizzle-orm';

import { getDb, type Transaction } from '@/server/db/client';
import { users } from '@/server/db/schema/users';

export async function saveDisplayName(tx: Transaction, userId: number, displayName: string | null) {
  await tx.update(users).set({ displayName }).where(eq(users.id, userId));
}

/** The user's avatar key, locked until the transaction ends (two uploads at once: one wins, cleanly). */
export async function lockAvatarKey(tx: Transaction, userId: number): Promise<string | null> {
  const [row] = await tx
    .select({ avatarKey: users.avatarKey })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.avatarKey ?? null;
}

export async function saveAvatarKey(tx: Transaction, userId: number, avatarKey: string | null) {
  await tx.update(users).set({ avatarKey }).where(eq(users.id, userId));
}

export async function findAvatarKey(userId: number): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, userId));
  return row?.avatarKey ?? null;
}
