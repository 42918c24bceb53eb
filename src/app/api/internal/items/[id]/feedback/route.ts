import { sendModelFeedback } from '@/features/conversations/server/request-commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

/**
 * Feedback on a bought model to its designer: JSON `{ message }` → 201 `{ data: { conversationId } }`,
 * the `model_feedback` conversation; 400 with `fieldErrors` (`message`, `recipient`); 404 unless the
 * user bought the model; 401 for a guest; 429 past the limits; 403 without the CSRF header.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const result = await sendModelFeedback(user, (await params).id, await readJsonBody(request));
    if (!result.ok) {
      const { body, recipient } = result.fieldErrors;
      return jsonFieldErrors({ ...(body ? { message: body } : {}), ...(recipient ? { recipient } : {}) });
    }
    return jsonData({ conversationId: result.conversationId }, { status: 201 });
  });
}
