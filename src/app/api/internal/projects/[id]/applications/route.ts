import { applyToProject } from '@/features/freelance/server/application-commands';
import { workIdParam } from '@/features/freelance/server/work-route-params';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/**
 * A designer applies to a published project (a second apply edits the application): JSON `{ proposal,
 * price, deliveryDays, portfolio: [modelId] }` → 201 `{ data: { id, created } }` (200 for an edit), or
 * 400 with `fieldErrors`; 403 for a user who is not a designer, 404 for the owner or a draft.
 */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const id = workIdParam((await params).id);
    const result = await applyToProject(user, id, (await readJsonBody(request)) as Record<string, unknown>);
    if (!result.ok) return jsonFieldErrors(result.fieldErrors);
    return jsonData({ id: result.id, created: result.created }, { status: result.created ? 201 : 200 });
  });
}
