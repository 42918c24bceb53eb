import { dropCachedModelPages } from '@/features/catalog/server/api';
import { replyToReview } from '@/features/ratings/server/commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

/**
 * The model's designer answers a review once: `{ body }` → 201; 400 with `fieldErrors`; 404 for
 * anybody but the designer (or an unknown review); 409 when it has an answer; 429 past 60 an hour;
 * 400 `formError: banned` for a member a moderator banned from posting.
 * Guests' cached copies of the model's page are dropped, so the answer shows at once.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const result = await replyToReview(user, (await params).id, await readJsonBody(request));
    if (!result.ok) return jsonFieldErrors(result.fieldErrors, result.formError);
    await dropCachedModelPages(result.modelId);
    return jsonData({ replied: true }, { status: 201 });
  });
}
