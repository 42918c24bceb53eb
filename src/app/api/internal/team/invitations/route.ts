import { inviteToTeam } from '@/features/business/server/team-commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

/**
 * The team owner invites someone by email: JSON `{ email, locale }` → 201; 400 with `fieldErrors`;
 * 403 for anybody but the owner; 429 past the hourly limit.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const result = await inviteToTeam(user, await readJsonBody(request));
    if (!result.ok) return jsonFieldErrors(result.fieldErrors);
    return jsonData({ invitationId: result.invitationId }, { status: 201 });
  });
}
