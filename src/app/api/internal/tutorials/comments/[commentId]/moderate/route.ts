import { moderateComment } from '@/features/tutorials/server/commands';
import { purgeTutorialPages } from '@/features/tutorials/server/http';
import { requireRole } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';

/** Admins: delete a comment from the moderation queue, resolving its reports; others `403`. */
export function POST(request: Request, { params }: { params: Promise<{ commentId: string }> }) {
  return handleJson(async () => {
    const admin = requireRole(await verifyMutationRequest(request), 'admin');
    const raw = (await params).commentId;
    if (!/^[1-9][0-9]{0,9}$/.test(raw) || Number(raw) > 2_147_483_647)
      throw new AppError('NOT_FOUND', 'No such comment');
    await moderateComment(admin.id, Number(raw));
    purgeTutorialPages();
    return jsonData({ removed: true });
  });
}
