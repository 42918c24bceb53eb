import { acceptOffer } from '@/features/conversations/server/offer-commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors } from '@/server/http/json';

/**
 * The buyer accepts a price offer (decision 0037): the model goes into their cart at the offered price
 * → 200 `{ data: { conversationId, modelId } }`; 400 with `formError` (expired | withdrawn | ordered |
 * purchased | cart_full); 404 for anyone but the buyer it was made to; 401 for a guest; 403 without the
 * CSRF header.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const result = await acceptOffer(user, (await params).id);
    if (!result.ok) return jsonFieldErrors({}, result.refusal);
    return jsonData({ conversationId: result.conversationId, modelId: result.modelId });
  });
}
