import { markConversationRead } from '@/features/conversations/server/commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/** Marks the conversation read up to `{ upTo: messageId }` (the page did show it): 200; 404 for others. */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    await markConversationRead(user, (await params).id, await readJsonBody(request));
    return jsonData({ read: true });
  });
}
