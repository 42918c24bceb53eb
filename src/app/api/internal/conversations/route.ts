import { startPersonalConversation } from '@/features/conversations/server/commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

/**
 * A message to another user, in the personal conversation the two have (made on the first message):
 * JSON `{ recipient: username, body }` → 201 `{ data: { conversationId, messageId } }`; 400 with
 * `fieldErrors` (`body`: required | too_long, `recipient`: self); 404 for an unknown user; 401 for a
 * guest; 429 past the limits; 403 without the CSRF header.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const result = await startPersonalConversation(user, await readJsonBody(request));
    if (!result.ok) return jsonFieldErrors(result.fieldErrors);
    return jsonData({ conversationId: result.conversationId, messageId: result.messageId }, { status: 201 });
  });
}
