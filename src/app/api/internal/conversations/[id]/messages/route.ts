import { postMessage } from '@/features/conversations/server/commands';
import { getMessagesAfter } from '@/features/conversations/server/queries';
import { requireUser, visitorOfRequest } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/**
 * The conversation page's poll: `?after={messageId}` → `{ data: { messages } }`, oldest first — the
 * messages after it, and those of the last minutes again (attachments that arrived since). Participants
 * only: 404 for anyone else, 401 for a guest.
 */
export function GET(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await visitorOfRequest(request));
    const after = new URL(request.url).searchParams.get('after');
    return jsonData({ messages: await getMessagesAfter(user, (await params).id, after) });
  });
}

/**
 * A reply: JSON `{ body, attachments?: n }` → 201 `{ data: { messageId } }` (the files follow, one
 * upload each); 400 with `fieldErrors`; 404 for anyone but a participant; 429 past the limit.
 */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const result = await postMessage(user, (await params).id, await readJsonBody(request));
    if (!result.ok) return jsonFieldErrors(result.fieldErrors);
    return jsonData({ messageId: result.messageId }, { status: 201 });
  });
}
