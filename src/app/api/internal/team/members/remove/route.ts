import { removeTeamMember } from '@/features/business/server/team-commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

/** The team owner removes a member: JSON `{ userId }`; 403 for anybody else, 409 for the owner. */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    await removeTeamMember(user.id, await readJsonBody(request));
    return jsonData({ removed: true });
  });
}
