import { cartOwnerOf } from '@/features/cart/schemas';
import { modelIdOf, removeFromCart } from '@/features/cart/server/commands';
import { countCartItems } from '@/features/cart/server/repository';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

/** Removes a model from the visitor's cart: JSON `{ modelId }` → `{ data: { count } }`. */
export function POST(request: Request) {
  return handleJson(async () => {
    const visitor = await verifyMutationRequest(request);
    const modelId = modelIdOf(await readJsonBody(request));
    const owner = cartOwnerOf(visitor);
    if (!owner) return jsonData({ count: 0 });
    await removeFromCart(owner, modelId);
    return jsonData({ count: await countCartItems(owner) });
  });
}
