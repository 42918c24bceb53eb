import { getThreadView } from '@/features/forum/server/queries';
import { currentUser, hasRole } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { handleJson, jsonData } from '@/server/http/json';

import { threadIdOf } from '../../respond';

export const dynamic = 'force-dynamic';

/**
 * A forum thread as JSON: `?page=N` → `{ data: { thread, posts: [{ id, author, body, html, createdAt,
 * editedAt, models }], total, page, per_page } }` (30 posts a page); unknown or hidden thread 404.
 */
export function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const id = threadIdOf((await params).id);
    const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
    if (!Number.isSafeInteger(page) || page < 1 || page > 10_000)
      throw new AppError('BAD_REQUEST', 'page: 1 to 10000');
    const user = await currentUser();
    const view =
      id === null
        ? null
        : await getThreadView(id, page, user && { id: user.id, admin: hasRole(user, 'admin') }, 'en');
    if (!view) throw new AppError('NOT_FOUND', 'No such thread');
    const posts = view.posts.map(
      ({ id: postId, author, body, html, createdAt, editedAt, models, hidden, held }) => ({
        id: postId,
        author,
        body,
        html,
        createdAt,
        editedAt,
        hidden,
        held,
        models: models.map((model) => ({ id: model.id, title: model.title, url: model.url })),
      }),
    );
    const { thread } = view;
    return jsonData({
      thread: {
        id: thread.id,
        title: thread.title,
        categorySlug: thread.categorySlug,
        author: thread.author,
        createdAt: thread.createdAt,
        lastPostAt: thread.lastPostAt,
        replyCount: thread.replyCount,
        pinned: thread.pinned,
        locked: thread.locked,
      },
      posts,
      total: view.total,
      page,
      per_page: 30,
    });
  });
}
