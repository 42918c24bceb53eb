import { hasLocale } from 'next-intl';

import { validateTutorial } from '@/features/tutorials/tutorial-fields';
import { PublishRefused, saveTutorial } from '@/features/tutorials/server/commands';
import { purgeTutorialPages, tutorialIdParam } from '@/features/tutorials/server/http';
import { cardJson, getTutorialPage } from '@/features/tutorials/server/queries';
import { routing } from '@/i18n/routing';
import { visitorOfRequest, requireUser } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** One tutorial: `{ data: { …card, body (Markdown), html } }`; a draft only for its author, else 404. */
export function GET(request: Request, { params }: Context) {
  return handleJson(async () => {
    const id = await tutorialIdParam(params);
    const visitor = await visitorOfRequest(request);
    const locale = new URL(request.url).searchParams.get('locale') ?? 'en';
    const page = await getTutorialPage(id, visitor?.user?.id ?? null, hasLocale(routing.locales, locale) ? locale : 'en');
    if (!page) throw new AppError('NOT_FOUND', 'No such tutorial');
    return jsonData({
      ...cardJson(page),
      body: page.body,
      html: page.html,
      liked: page.likedByViewer,
      own: page.ownedByViewer,
    });
  });
}

/** Its author saves it: `{ title, body, software[], skillLevel }`; another's `404`. */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const id = await tutorialIdParam(params);
    const checked = validateTutorial(await readJsonBody(request));
    if (!checked.ok) return jsonFieldErrors(checked.fieldErrors);
    try {
      const saved = await saveTutorial(user.id, id, checked.value);
      purgeTutorialPages(user.username);
      return jsonData({ id, status: saved.status });
    } catch (error) {
      if (error instanceof PublishRefused) return jsonFieldErrors({}, error.reason);
      throw error;
    }
  });
}
