import { removeComment } from '@/features/tutorials/server/commands';
import { purgeTutorialPages } from '@/features/tutorials/server/http';
import { requireUser } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';

/** The author of a comment deletes it; anybody else's `404`. */
export function POST(request: Request, { params }: { params: Promise<{ commentId: string }> }) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const raw = (await params).commentId;
    if (!/^[1-9][0-9]{0,9}$/.test(raw) || Number(raw) > 2_147_483_647)
      throw new AppError('NOT_FOUND', 'No such comment');
    await removeComment(user.id, Number(raw));
    purgeTutorialPages();
    return jsonData({ removed: true });
  });
}
