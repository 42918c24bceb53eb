import {
  forumQueryOf,
  forumSortOf,
  findForumCategories,
  findThreadPage,
} from '@/features/forum/server/queries';
import { createThread } from '@/features/forum/server/commands';
import { requireUser } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

import { handleForumJson, purgeForumPages } from '../respond';

export const dynamic = 'force-dynamic';

/**
 * Forum threads as JSON: `?category=<slug>&sort=active|newest|unanswered&q=<query>&page=N` →
 * `{ data: { items: [{ id, title, categorySlug, author, createdAt, lastPostAt, replyCount, pinned,
 * locked }], total, page, per_page } }` (20 a page, pinned first); unknown category 400.
 */
export function GET(request: Request) {
  return handleJson(async () => {
    const params = new URL(request.url).searchParams;
    const slug = params.get('category');
    const category = slug ? (await findForumCategories()).find((c) => c.slug === slug) : null;
    if (slug && !category) throw new AppError('BAD_REQUEST', 'No such forum category');
    const page = Number(params.get('page') ?? 1);
    if (!Number.isSafeInteger(page) || page < 1 || page > 10_000)
      throw new AppError('BAD_REQUEST', 'page: 1 to 10000');
    const { items, total } = await findThreadPage({
      categoryId: category?.id ?? null,
      sort: forumSortOf(params.get('sort')),
      page,
      query: forumQueryOf(params.get('q')),
    });
    return jsonData({ items, total, page, per_page: 20 });
  });
}

/**
 * Opens a thread: JSON `{ categoryId, title, body, locale? }` → `201 { data: { threadId, postId, held } }`
 * (`held`: a first post with links waits for a moderator). 400 bad fields or `formError: 'banned'`,
 * 401 guest, 403 no CSRF, 429 past the hourly limit (3 for new accounts, 10 otherwise).
 */
export function POST(request: Request) {
  return handleForumJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const created = await createThread(user, await readJsonBody(request));
    purgeForumPages();
    return jsonData(created, { status: 201 });
  });
}
