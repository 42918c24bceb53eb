import { removeTutorial } from '@/features/tutorials/server/commands';
import { purgeTutorialPages, tutorialIdParam } from '@/features/tutorials/server/http';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';

/** Its author deletes the tutorial, with its pictures, likes and comments; another's `404`. */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    await removeTutorial(user.id, await tutorialIdParam(params));
    purgeTutorialPages(user.username);
    return jsonData({ removed: true });
  });
}
