import { resetPassword } from '@/features/accounts/server/commands';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

/**
 * Sets a new password with a reset token: JSON `{ token, password }` → 200 (every session of the user
 * ends; they log in again); 400 with `fieldErrors`, or `formError: 'invalid_token'` for a used,
 * expired or unknown token.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    await verifyMutationRequest(request);
    const result = await resetPassword(await readJsonBody(request));
    if (!result.ok) return jsonFieldErrors(result.fieldErrors, result.formError);
    return jsonData({ reset: true });
  });
}
