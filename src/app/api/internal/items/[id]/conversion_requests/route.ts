import { requestFileConversion } from '@/features/conversations/server/request-commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

/**
 * The model page's "request another format": JSON `{ format, message }` → 201 `{ data: {
 * conversationId } }`, a `file_conversion_request` conversation with the designer; 400 with
 * `fieldErrors` (`format`: required | unavailable, `message`: required | too_long, `recipient`: self);
 * 404 for an unknown model; 401 for a guest; 429 past the limits; 403 without the CSRF header.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const result = await requestFileConversion(user, (await params).id, await readJsonBody(request));
    if (!result.ok) {
      const { body, ...rest } = result.fieldErrors as Record<string, string>;
      return jsonFieldErrors({ ...rest, ...(body ? { message: body } : {}) });
    }
    return jsonData({ conversationId: result.conversationId }, { status: 201 });
  });
}
