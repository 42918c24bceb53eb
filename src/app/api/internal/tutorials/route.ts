import { parseTutorialQuery } from '@/features/tutorials/tutorial-listing';
import { validateTutorial } from '@/features/tutorials/tutorial-fields';
import { createDraft } from '@/features/tutorials/server/commands';
import { cardJson, getTutorialIndex } from '@/features/tutorials/server/queries';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

export const dynamic = 'force-dynamic';

/**
 * Published tutorials as JSON, as the `/tutorials` index lists them: `software=blender` (repeatable),
 * `skill=beginner|intermediate|advanced` (repeatable), `sort=newest|most_liked`, `page` (20 a page).
 */
export function GET(request: Request) {
  return handleJson(async () => {
    const url = new URL(request.url);
    const query: Record<string, string[]> = {};
    for (const [key, value] of url.searchParams) (query[key] ??= []).push(value);
    const index = await getTutorialIndex(parseTutorialQuery(query));
    return jsonData({
      items: index.items.map(cardJson),
      total: index.total,
      page: index.page,
      page_count: index.pageCount,
    });
  });
}

/** The signed-in user starts a draft: `{ title, body, software[], skillLevel }` → `201 { data: { id } }`. */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const checked = validateTutorial(await readJsonBody(request));
    if (!checked.ok) return jsonFieldErrors(checked.fieldErrors);
    return jsonData({ id: await createDraft(user.id, checked.value) }, { status: 201 });
  });
}
