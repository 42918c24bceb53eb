import { and, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';

import { getDb } from '@/server/db/client';
import { passwordResetTokens } from '@/server/db/schema/accounts';
import { users } from '@/server/db/schema/users';

export interface UserCredentials {
  id: number;
  username: string;
  email: string;
  passwordHash: string | null;
}

const credentialColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  passwordHash: users.passwordHash,
};

/**
 * Inserts a buyer with an unconfirmed address (decision 0041); `taken` when the username is
 * (case-insensitively). The address may be another account's: it stays unconfirmed here.
 */
export async function insertUser(input: {
  username: string;
  email: string;
  passwordHash: string;
}): Promise<{ id: number } | { taken: 'username' }> {
  const db = await getDb();
  const [row] = await db
    .insert(users)
    .values({ ...input, emailConfirmedAt: null })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return row ? { id: row.id } : { taken: 'username' };
}

/** The account a login names: its username, or its address once confirmed. */
export async function findCredentials(login: string): Promise<UserCredentials | null> {
  const db = await getDb();
  const [row] = await db
    .select(credentialColumns)
    .from(users)
    .where(
      or(
        sql`lower(${users.username}) = lower(${login})`,
        and(sql`lower(${users.email}) = lower(${login})`, isNotNull(users.emailConfirmedAt)),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertResetToken(input: {
  id: string;
  userId: number;
  expiresAt: Date;
}): Promise<void> {
  const db = await getDb();
  await db.insert(passwordResetTokens).values(input);
}

/** Whose a reset token is, while it can still be used; null otherwise. */
export async function findResetTokenOwner(
  tokenId: string,
  now: Date,
): Promise<{ username: string; email: string } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ username: users.username, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.id, tokenId),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  return row ?? null;
}

/** Uses a reset token once: sets the new hash and marks the token used; the user id, or null. */
export async function consumeResetToken(
  tokenId: string,
  passwordHash: string,
  now: Date,
): Promise<number | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [token] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.id, tokenId),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!token) return null;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, token.userId));
    // Other links sent before this one are worthless now.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, token.userId), isNull(passwordResetTokens.usedAt)));
    return token.userId;
  });
}
