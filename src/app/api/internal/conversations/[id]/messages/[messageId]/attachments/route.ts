import { uploadAttachment } from '@/features/conversations/server/commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';
import { uploadRefused } from '@/server/http/upload-refusal';

type Context = { params: Promise<{ id: string; messageId: string }> };

/**
 * One file of a message its sender just sent, as the raw body (`?name=` its file name,
 * `Content-Length` required): 201 `{ data: { id } }`; a wrong type or content 415, too large 413, an
 * 11th file 409 — refused before anything is stored; 404 for anyone but the message's sender.
 */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const { id, messageId } = await params;
    const name = new URL(request.url).searchParams.get('name') ?? '';
    const result = await uploadAttachment(user, id, messageId, name, request);
    if (result.ok) return jsonData({ id: result.id }, { status: 201 });
    return uploadRefused(result.refusal);
  });
}
