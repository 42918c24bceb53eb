import { setSubscription } from '@/features/forum/server/commands';
import { requireUser } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

import { threadIdOf } from '../../../respond';

/**
 * Follows or stops following a thread: JSON `{ subscribed: boolean, locale? }` →
 * `{ data: { subscribed } }`. A subscriber gets an email when someone replies (one until they are back).
 * 400, 401 guest, 403 no CSRF, 404 no such thread, 429.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const threadId = threadIdOf((await params).id);
    if (threadId === null) throw new AppError('NOT_FOUND', 'No such thread');
    return jsonData({ subscribed: await setSubscription(user, threadId, await readJsonBody(request)) });
  });
}
