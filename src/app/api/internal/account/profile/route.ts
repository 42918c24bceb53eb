import { updateProfile } from '@/features/designers/server/profile-commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';
import { profilePages, purgeCachedPages } from '@/server/http/page-cache-purge';
import { assertWithinRateLimit } from '@/server/http/rate-limit';

/** Profile saves per user and hour. */
const savesPerHour = 60;

/**
 * The signed-in member's profile (decision 0034): JSON `{ displayName, about, links[], skills[],
 * software[], acceptsCustomRequests }` → `{ data: { saved: true } }`, or 400 with `fieldErrors`.
 * The public profile's cached copies are dropped, so visitors see the change at once.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    await assertWithinRateLimit(`profile_save:user:${user.id}`, savesPerHour, 3_600_000);
    const result = await updateProfile(user, await readJsonBody(request));
    if (!result.ok) return jsonFieldErrors(result.fieldErrors as Record<string, string>);
    purgeCachedPages(profilePages(user.username));
    return jsonData({ saved: true });
  });
}
