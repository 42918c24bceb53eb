import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';

import { getDb } from '@/server/db/client';
import { emailConfirmationTokens } from '@/server/db/schema/accounts';
import { users } from '@/server/db/schema/users';

export type ConfirmOutcome = 'confirmed' | 'taken' | 'invalid';

/** The account (other than `exceptUserId`) that has confirmed this address, if any. */
export async function confirmedAccountOf(
  email: string,
  exceptUserId: number,
): Promise<{ username: string } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        isNotNull(users.emailConfirmedAt),
        ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertEmailConfirmationToken(input: {
  id: string;
  userId: number;
  email: string;
  expiresAt: Date;
}): Promise<void> {
  const db = await getDb();
  await db.insert(emailConfirmationTokens).values(input);
}

/** Whether the user's address is confirmed, and the address. */
export async function emailConfirmationOf(
  userId: number,
): Promise<{ email: string; confirmed: boolean } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ email: users.email, confirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { email: row.email, confirmed: row.confirmedAt !== null } : null;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

/**
 * Uses a confirmation token once: confirms its account's address unless another account confirmed the
 * same address first ('taken'). Unknown, used, expired tokens, and tokens for an address the account
 * no longer has, are 'invalid'.
 */
export async function confirmEmailWithToken(tokenId: string, now: Date): Promise<ConfirmOutcome> {
  const db = await getDb();
  try {
    return await db.transaction(async (tx): Promise<ConfirmOutcome> => {
      const [token] = await tx
        .update(emailConfirmationTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailConfirmationTokens.id, tokenId),
            isNull(emailConfirmationTokens.usedAt),
            gt(emailConfirmationTokens.expiresAt, now),
          ),
        )
        .returning({ userId: emailConfirmationTokens.userId, email: emailConfirmationTokens.email });
      if (!token) return 'invalid';
      const [user] = await tx
        .select({ email: users.email, confirmedAt: users.emailConfirmedAt })
        .from(users)
        .where(eq(users.id, token.userId));
      if (!user || user.email.toLowerCase() !== token.email.toLowerCase()) return 'invalid';
      if (user.confirmedAt) return 'confirmed';
      const [owner] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${token.email})`, isNotNull(users.emailConfirmedAt)))
        .limit(1);
      if (owner) return 'taken';
      await tx.update(users).set({ emailConfirmedAt: now }).where(eq(users.id, token.userId));
      return 'confirmed';
    });
  } catch (error) {
    // Another account confirmed the same address at the same moment (the unique index says so).
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}
