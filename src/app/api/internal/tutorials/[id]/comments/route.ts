import { hasLocale } from 'next-intl';

import { validateComment } from '@/features/tutorials/tutorial-fields';
import { addComment, CommentPostingBanned } from '@/features/tutorials/server/commands';
import { purgeTutorialPages, tutorialIdParam } from '@/features/tutorials/server/http';
import { getTutorialComments, getTutorialPage } from '@/features/tutorials/server/queries';
import { routing } from '@/i18n/routing';
import { requireUser } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

export const dynamic = 'force-dynamic';

/** A published tutorial's comments, oldest first, 30 a page: `{ data: { items: [{ id, html, createdAt, author }] } }`. */
export function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const id = await tutorialIdParam(params);
    const url = new URL(request.url);
    const raw = url.searchParams.get('locale') ?? 'en';
    const locale = hasLocale(routing.locales, raw) ? raw : 'en';
    if (!(await getTutorialPage(id, null, locale))) throw new AppError('NOT_FOUND', 'No such tutorial');
    const page = Number(url.searchParams.get('page') ?? 1);
    const items = await getTutorialComments(
      id,
      Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
      locale,
    );
    return jsonData({ items });
  });
}

/**
 * The signed-in user comments on a published tutorial: `{ body }` (Markdown) → `201 { data: { id } }`;
 * 20 an hour; 400 `fieldErrors.body: banned` for a member a moderator banned from posting.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const id = await tutorialIdParam(params);
    const checked = validateComment(await readJsonBody(request));
    if (!checked.ok) return jsonFieldErrors({ body: checked.error });
    let commentId: number;
    try {
      commentId = await addComment(user.id, id, checked.body);
    } catch (error) {
      if (error instanceof CommentPostingBanned) return jsonFieldErrors({ body: 'banned' });
      throw error;
    }
    purgeTutorialPages();
    return jsonData({ id: commentId }, { status: 201 });
  });
}
