import { contactSupport } from '@/features/conversations/server/support-commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

/**
 * The support form at /support: JSON `{ subject, message }` → 201 `{ data: { conversationId } }`, a
 * `meshbay_support` conversation with every admin; 400 with `fieldErrors` (`subject`, `message`); 401
 * for a guest (the page asks them to log in, decision 0037); 429 past the limits; 403 without CSRF.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const result = await contactSupport(user, await readJsonBody(request));
    if (!result.ok) {
      const { body, ...rest } = result.fieldErrors as Record<string, string>;
      return jsonFieldErrors({ ...rest, ...(body ? { message: body } : {}) });
    }
    return jsonData({ conversationId: result.conversationId }, { status: 201 });
  });
}
