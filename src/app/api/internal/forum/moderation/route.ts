import { moderateForum } from '@/features/forum/server/commands';
import { requireRole } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

import { purgeForumPages } from '../respond';

/**
 * An admin moderates the forum: JSON `{ action, postId }` with action `hide`, `unhide`, `approve` (a
 * held post), `lock`, `unlock`, `pin`, `unpin` (the post's thread), `move` (+ `categoryId`) or `ban`
 * (the post's author, + `days`: 1, 7, 30 or 365) → `{ data: { action } }`; the post's open reports are
 * resolved. 400 bad body, 401 guest, 403 not an admin or no CSRF, 404 no such post.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const admin = requireRole(await verifyMutationRequest(request), 'admin');
    const done = await moderateForum(admin, await readJsonBody(request));
    purgeForumPages();
    return jsonData({ action: done.action });
  });
}
