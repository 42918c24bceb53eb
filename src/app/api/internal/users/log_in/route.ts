import { logIn } from '@/features/accounts/server/commands';
import { mergeGuestCart } from '@/features/cart/server/commands';
import { startSession } from '@/server/auth/session-cookies';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';
import { clientOf } from '@/server/http/rate-limit';

/**
 * Log in: JSON `{ login, password }` (username or email) → 200 and a new session with a new token
 * (the guest's cart merged into the user's); 400 `formError: 'invalid_credentials'`; 429 when limited.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const visitor = await verifyMutationRequest(request);
    const result = await logIn(await readJsonBody(request), { clientIp: clientOf(request) });
    if (!result.ok) return jsonFieldErrors(result.fieldErrors, result.formError);
    if (visitor) await mergeGuestCart(visitor.session.id, result.userId);
    const response = jsonData({ userId: result.userId });
    await startSession(response, result.userId, { previous: visitor?.session });
    return response;
  });
}
