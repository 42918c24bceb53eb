import { changeStatus, PublishRefused } from '@/features/tutorials/server/commands';
import { purgeTutorialPages, tutorialIdParam } from '@/features/tutorials/server/http';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors } from '@/server/http/json';

/** Its author publishes the tutorial; `400 { formError }` (`cover_required`, `body_required`, `software_required`) while it lacks something; another's `404`. */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const id = await tutorialIdParam(params);
    try {
      const result = await changeStatus(user.id, id, 'published');
      purgeTutorialPages(user.username);
      return jsonData({ id, status: result.status });
    } catch (error) {
      if (error instanceof PublishRefused) return jsonFieldErrors({}, error.reason);
      throw error;
    }
  });
}
