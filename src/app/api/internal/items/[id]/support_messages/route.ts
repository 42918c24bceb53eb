import { sendModelSupportMessage } from '@/features/conversations/server/commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

/**
 * The model page's support form (a signed-in visitor's question to the model's designer): JSON
 * `{ message }` → 201 `{ data: { conversationId, messageId } }`, the message in the `model_support`
 * conversation of the visitor, the designer and the model; 400 with `fieldErrors` (`message`: required
 * | too_long, `recipient`: self); 404 for an unknown model; 401 for a guest; 429 past the user's
 * limits; 403 without the same-origin CSRF header.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const result = await sendModelSupportMessage(user, (await params).id, await readJsonBody(request));
    if (!result.ok) {
      const { body, recipient } = result.fieldErrors;
      return jsonFieldErrors({ ...(body ? { message: body } : {}), ...(recipient ? { recipient } : {}) });
    }
    return jsonData({ conversationId: result.conversationId, messageId: result.messageId }, { status: 201 });
  });
}
