import { editPost } from '@/features/forum/server/commands';
import { requireUser } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { verifyMutationRequest } from '@/server/http/csrf';
import { jsonData, readJsonBody } from '@/server/http/json';
import { assertWithinRateLimit } from '@/server/http/rate-limit';

import { handleForumJson, purgeForumPages, threadIdOf } from '../../../respond';

/**
 * The author edits a post within an hour of writing it: JSON `{ body, title? }` (title: the opening
 * post's thread) → `{ data: { edited: true } }`; the post then shows "edited". 400 bad body or
 * `formError: 'edit_window'`, 401 guest, 403 no CSRF, 404 not the user's post, 429.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleForumJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    await assertWithinRateLimit(`forum_edit:user:${user.id}`, 60, 3_600_000);
    const postId = threadIdOf((await params).id);
    if (postId === null) throw new AppError('NOT_FOUND', 'No such post of yours');
    await editPost(user, postId, await readJsonBody(request));
    purgeForumPages();
    return jsonData({ edited: true });
  });
}
