import { revokeInvitation } from '@/features/business/server/team-commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

/** The team owner withdraws an open invitation: JSON `{ invitationId }`; 403 for anybody else. */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    await revokeInvitation(user.id, await readJsonBody(request));
    return jsonData({ revoked: true });
  });
}
