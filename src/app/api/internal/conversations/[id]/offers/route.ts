import { makeOffer } from '@/features/conversations/server/offer-commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

/**
 * A designer's price offer to the other participant (decision 0037): JSON `{ modelId, price, note? }`
 * → 201 `{ data: { conversationId, offerId } }` (the `offer` conversation); 400 with `fieldErrors`
 * (`model`, `price`, `note`, `buyer`: purchased | accepted); 404 for anyone but a participant; 401 for a
 * guest; 429 past the hourly limit; 403 without the CSRF header.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const result = await makeOffer(user, (await params).id, await readJsonBody(request));
    if (!result.ok) return jsonFieldErrors(result.fieldErrors);
    return jsonData({ conversationId: result.conversationId, offerId: result.offerId }, { status: 201 });
  });
}
