import { resetPassword } from '@/features/accounts/server/commands';
import { visitorLanguages } from '@/features/accounts/server/common-passwords';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

const localeOf = (body: unknown) => (body as { locale?: unknown } | null)?.locale;

/**
 * Sets a new password with a reset token: JSON `{ token, password }` → 200 (every session of the user
 * ends; they log in again); 400 with `fieldErrors`, or `formError: 'invalid_token'` for a used,
 * expired or unknown token.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    await verifyMutationRequest(request);
    const body = await readJsonBody(request);
    const result = await resetPassword(body, {
      languages: visitorLanguages(localeOf(body), request.headers.get('accept-language')),
    });
    if (!result.ok) return jsonFieldErrors(result.fieldErrors, result.formError);
    return jsonData({ reset: true });
  });
}
