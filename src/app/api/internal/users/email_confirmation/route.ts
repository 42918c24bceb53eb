import { confirmEmail } from '@/features/accounts/server/email-confirmation';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';
import { clientOf } from '@/server/http/rate-limit';

/**
 * Confirms an account's email address with the link's token: JSON `{ token }` → 200 (whoever opens
 * the link: it may be another browser than the one that signed up); 400 `formError: 'invalid_token'`
 * for an unknown, used or expired token, `'email_in_use'` when another account confirmed the address
 * first; 429 past 30 an hour per client.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    await verifyMutationRequest(request);
    const outcome = await confirmEmail(await readJsonBody(request), { clientIp: clientOf(request) });
    if (outcome === 'invalid') return jsonFieldErrors({}, 'invalid_token');
    if (outcome === 'taken') return jsonFieldErrors({}, 'email_in_use');
    return jsonData({ confirmed: true });
  });
}
