import { castEntryFromRequest } from '@/features/challenges/server/entry-upload';
import { assertChallengeRateLimit, handleChallengeJson, idOf } from '@/features/challenges/server/http';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { everyPage, purgeCachedPages } from '@/server/http/page-cache-purge';

export const dynamic = 'force-dynamic';

/**
 * The signed-in member's entry while submissions are open → 201 `{ id }`. A model challenge takes JSON
 * `{ modelId }` (one of the member's own published models: any other is a 404); the digital art contest
 * takes multipart `file` (JPG, PNG or WebP, ≤ 15 MB) and `title` (400 `fieldErrors.file`
 * `picture_type` or `picture_dimensions`, 413 `picture_too_large`). 409 `not_open` or
 * `already_entered`, 400 `wrong_kind`, 401 for a guest, 429 past the hourly limit.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleChallengeJson(async () => {
    const now = new Date();
    const user = requireUser(await verifyMutationRequest(request));
    const id = idOf((await params).id);
    await assertChallengeRateLimit('entry', user.id, now);
    const response = await castEntryFromRequest(request, user.id, id, now);
    if (response.status === 201) purgeCachedPages(everyPage);
    return response;
  });
}
