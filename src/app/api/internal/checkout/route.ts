import { checkout } from '@/features/orders/server/commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

/**
 * Checkout: JSON `{ idempotencyKey, couponCode?, useCredits, expectedTotalCents?, card? }` →
 * `{ data: { status, orderId, failure? } }` (failure: a declined or failed payment, the cart kept);
 * 401 for a guest; 409 when the cart is empty, being checked out, or priced differently now.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    return jsonData(await checkout(user.id, await readJsonBody(request)));
  });
}
