import { unlikeTutorial } from '@/features/tutorials/server/commands';
import { purgeTutorialPages, tutorialIdParam } from '@/features/tutorials/server/http';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';

/** The signed-in user takes back a like: `{ data: { liked: false, likes } }`, twice the same. */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const state = await unlikeTutorial(user.id, await tutorialIdParam(params));
    purgeTutorialPages();
    return jsonData(state);
  });
}
