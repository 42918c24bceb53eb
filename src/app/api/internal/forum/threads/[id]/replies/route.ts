import { replyToThread } from '@/features/forum/server/commands';
import { requireUser } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { verifyMutationRequest } from '@/server/http/csrf';
import { jsonData, readJsonBody } from '@/server/http/json';

import { handleForumJson, purgeForumPages, threadIdOf } from '../../../respond';

/**
 * Replies in a thread: JSON `{ body, locale? }` → `201 { data: { postId, held } }`; subscribers get an
 * email. 400 bad body or `formError: 'locked' | 'banned'`, 401 guest, 403 no CSRF, 404 no such thread,
 * 429 past the hourly limit (20 for new accounts, 60 otherwise).
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleForumJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const threadId = threadIdOf((await params).id);
    if (threadId === null) throw new AppError('NOT_FOUND', 'No such thread');
    const reply = await replyToThread(user, threadId, await readJsonBody(request));
    purgeForumPages();
    return jsonData(reply, { status: 201 });
  });
}
