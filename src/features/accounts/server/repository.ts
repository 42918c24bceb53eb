import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';

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

/** Inserts a buyer; null when the username or email is taken (case-insensitively). */
export async function insertUser(input: {
  username: string;
  email: string;
  passwordHash: string;
}): Promise<{ id: number } | { taken: 'username' | 'email' }> {
  const db = await getDb();
  const [clash] = await db
    .select({ username: users.username })
    .from(users)
    .where(
      or(
        sql`lower(${users.username}) = lower(${input.username})`,
        sql`lower(${users.email}) = lower(${input.email})`,
      ),
    )
    .limit(1);
  if (clash)
    return { taken: clash.username.toLowerCase() === input.username.toLowerCase() ? 'username' : 'email' };
  const [row] = await db
    .insert(users)
    .values({ username: input.username, email: input.email, passwordHash: input.passwordHash })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // Lost a race with another sign-up of the same name or email.
  return row ? { id: row.id } : { taken: 'username' };
}

export async function findCredentials(login: string): Promise<UserCredentials | null> {
  const db = await getDb();
  const [row] = await db
    .select(credentialColumns)
    .from(users)
    .where(or(sql`lower(${users.username}) = lower(${login})`, sql`lower(${users.email}) = lower(${login})`))
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
