import { dropCachedModelPages } from '@/features/catalog/server/api';
import { moderateReview } from '@/features/ratings/server/commands';
import { requireRole } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

/**
 * An admin hides a review's text or shows it again: `{ action: 'hide' | 'show' }` → `{ data: { hidden } }`,
 * and the review's open reports leave the moderation queue. 400 bad body, 401 guest, 403 not an admin or
 * no CSRF, 404 no such review, 429 past 300 an hour. Guests' cached copies of the model's page are dropped.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const admin = requireRole(await verifyMutationRequest(request), 'admin');
    const { hidden, modelId } = await moderateReview(admin, (await params).id, await readJsonBody(request));
    await dropCachedModelPages(modelId);
    return jsonData({ hidden });
  });
}
