import { followDesigner } from '@/features/designers/server/follows-commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

/**
 * The signed-in user follows a designer: JSON `{ userId }` → `{ data: { following: true, followers } }`,
 * the same answer when they already follow them (decision 0032). 400 for a bad id or oneself, 404 for
 * a user without a designer profile, 401 for a guest, 403 without the CSRF header, 429 past the
 * hourly budget.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    return jsonData(await followDesigner(user.id, await readJsonBody(request)));
  });
}
