/**
 * The admin's list of users (spec §2 "Admin dashboard": users): search, pages, and granting or
 * revoking the seller and admin roles. An admin cannot remove their own admin role (nobody could
 * lock the last admin out by a slip).
 */
import { z } from 'zod';

import type { UserRole } from '@/server/auth/session';
import { AppError } from '@/server/errors';

import { findUsers, updateUserRole, type AdminUserDto } from './user-admin-repository';

export const usersPageSize = 25;

/** The roles an admin hands out here; business_member comes with a team, buyer with every account. */
export const grantableRoles = ['seller', 'admin'] as const satisfies readonly UserRole[];

export const roleChangeSchema = z.object({ role: z.enum(grantableRoles), grant: z.boolean() });

export async function listUsers({
  query,
  page,
}: {
  query: string;
  page: number;
}): Promise<{ items: AdminUserDto[]; total: number; page: number; pages: number }> {
  const current = Math.max(1, Math.floor(page) || 1);
  const { items, total } = await findUsers({
    query: query.trim().slice(0, 100),
    limit: usersPageSize,
    offset: (current - 1) * usersPageSize,
  });
  return { items, total, page: current, pages: Math.max(1, Math.ceil(total / usersPageSize)) };
}

export async function changeUserRole(
  adminId: number,
  userId: number,
  input: unknown,
): Promise<{ roles: UserRole[] }> {
  const parsed = roleChangeSchema.safeParse(input);
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'role: seller or admin; grant: a boolean');
  const { role, grant } = parsed.data;
  if (userId === adminId && role === 'admin' && !grant)
    throw new AppError('CONFLICT', 'You cannot remove your own admin role');
  const roles = await updateUserRole(userId, role, grant);
  if (!roles) throw new AppError('NOT_FOUND', 'No such user');
  return { roles };
}
