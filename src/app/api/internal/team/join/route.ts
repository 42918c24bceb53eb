import { joinTeam } from '@/features/business/server/team-commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

/**
 * The signed-in user accepts an invitation: JSON `{ token }` → `{ status }` ('joined', or why not:
 * invalid, used, expired, wrong_email, other_team); 401 for a guest.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    return jsonData(await joinTeam(user, await readJsonBody(request)));
  });
}
