import { unfollowDesigner } from '@/features/designers/server/follows-commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

/**
 * The signed-in user stops following a designer: JSON `{ userId }` →
 * `{ data: { following: false, followers } }`, the same answer when they did not follow them. Errors
 * as for following.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    return jsonData(await unfollowDesigner(user.id, await readJsonBody(request)));
  });
}
