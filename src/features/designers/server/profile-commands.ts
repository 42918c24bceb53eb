/** A member edits their public profile (decision 0034). */
import { saveDisplayName } from '@/features/accounts/server/api';
import type { SessionUser } from '@/server/auth/session';
import { hasRole } from '@/server/auth/visitor';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';

import { validateProfileInput, type ProfileField, type ProfileFieldError } from '../profile-fields';
import { saveProfileFields } from './repository';

export type ProfileSaveResult =
  { ok: true } | { ok: false; fieldErrors: Partial<Record<ProfileField, ProfileFieldError>> };

/**
 * Saves the display name (users) and the profile's fields (designer_profiles) in one transaction.
 * Skills, software and the custom-requests switch are a designer's: a member without the seller role
 * keeps them as they are whatever is sent.
 */
export async function updateProfile(user: SessionUser, input: unknown): Promise<ProfileSaveResult> {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new AppError('BAD_REQUEST', 'Expected the profile as a JSON object');
  const checked = validateProfileInput(input as Record<string, unknown>);
  if (!checked.ok) return checked;
  const { displayName, about, links, skills, software, acceptsCustomRequests } = checked.value;
  const designer = hasRole(user, 'seller') ? { skills, software, acceptsCustomRequests } : undefined;
  const db = await getDb();
  await db.transaction(async (tx) => {
    await saveDisplayName(tx, user.id, displayName);
    await saveProfileFields(tx, user.id, { about, links, designer });
  });
  return { ok: true };
}
