import { modelIdOf, removeFromCart } from '@/features/cart/server/commands';
import { countCartItems } from '@/features/cart/server/repository';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

/** Removes a model from the visitor's cart: JSON `{ modelId }` → `{ data: { count } }`. */
export function POST(request: Request) {
  return handleJson(async () => {
    const visitor = await verifyMutationRequest(request);
    const modelId = modelIdOf(await readJsonBody(request));
    if (!visitor) return jsonData({ count: 0 });
    const owner = visitor.user ? { userId: visitor.user.id } : { sessionId: visitor.session.id };
    await removeFromCart(owner, modelId);
    return jsonData({ count: await countCartItems(owner) });
  });
}
