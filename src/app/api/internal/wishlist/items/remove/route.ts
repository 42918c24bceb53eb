import { modelIdOf, removeFromWishlist } from '@/features/cart/server/commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

/** Removes a model from the signed-in user's wishlist: JSON `{ modelId }`; 401 for a guest. */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const modelId = modelIdOf(await readJsonBody(request));
    await removeFromWishlist(user.id, modelId);
    return jsonData({ wished: false });
  });
}
