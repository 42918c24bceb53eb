import { removeSavedSearch, savedSearchIdOf } from '@/features/saved-searches/server/commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

/** Removes one of the signed-in user's saved searches: JSON `{ id }`; another user's is a 404. */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    await removeSavedSearch(user, savedSearchIdOf(await readJsonBody(request)));
    return jsonData({ removed: true });
  });
}
