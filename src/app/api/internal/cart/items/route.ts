import { addToCart, modelIdOf } from '@/features/cart/server/commands';
import { countCartItems } from '@/features/cart/server/repository';
import { sessionOrNewGuestSession } from '@/server/auth/session-cookies';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

/**
 * Add to cart: JSON `{ modelId }` → `{ data: { outcome, title, count } }`, the outcome being 'added',
 * 'already_in_cart', 'already_purchased' or 'limit_reached' (spec §8 messages, shown by the button).
 * A guest gets a guest session (and cookie) holding the cart. 404 for an unknown model.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const visitor = await verifyMutationRequest(request);
    const modelId = modelIdOf(await readJsonBody(request));
    const { session, setCookie } = await sessionOrNewGuestSession(request, visitor);
    const owner = visitor?.user ? { userId: visitor.user.id } : { sessionId: session.id };
    const { outcome, title } = await addToCart(owner, modelId);
    const response = jsonData({ outcome, title, count: await countCartItems(owner) });
    setCookie(response);
    return response;
  });
}
