import { asc, count, eq, ilike, or, sql } from 'drizzle-orm';

import type { UserRole } from '@/server/auth/session';
import { getDb } from '@/server/db/client';
import { users } from '@/server/db/schema/users';

export interface AdminUserDto {
  id: number;
  username: string;
  email: string;
  displayName: string | null;
  roles: UserRole[];
  createdAt: Date;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Users whose username or email contains `query` (any case), by username; a page of them and the total. */
export async function findUsers({
  query,
  limit,
  offset,
}: {
  query: string;
  limit: number;
  offset: number;
}): Promise<{ items: AdminUserDto[]; total: number }> {
  const db = await getDb();
  const pattern = `%${escapeLike(query)}%`;
  const where = query ? or(ilike(users.username, pattern), ilike(users.email, pattern)) : undefined;
  const items = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      displayName: users.displayName,
      roles: users.roles,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { items, total: total?.n ?? 0 };
}

/** Grants or revokes one role (idempotent); the user's roles after, or null for an unknown user. */
export async function updateUserRole(
  userId: number,
  role: UserRole,
  grant: boolean,
): Promise<UserRole[] | null> {
  const db = await getDb();
  const roles = grant
    ? sql`case when ${role}::user_role = any(${users.roles}) then ${users.roles} else array_append(${users.roles}, ${role}::user_role) end`
    : sql`array_remove(${users.roles}, ${role}::user_role)`;
  const [row] = await db
    .update(users)
    .set({ roles })
    .where(eq(users.id, userId))
    .returning({ roles: users.roles });
  return row?.roles ?? null;
}
