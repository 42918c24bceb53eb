import { dismissReports } from '@/features/moderation/server/report-commands';
import { requireRole } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

/**
 * An admin dismisses the open reports of one piece of content: JSON `{ subjectType, subjectId }` →
 * `{ data: { dismissed } }` (how many). 400 bad body, 401 guest, 403 not an admin or no CSRF, 404 no
 * open reports.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const admin = requireRole(await verifyMutationRequest(request), 'admin');
    const dismissed = await dismissReports(admin, await readJsonBody(request));
    return jsonData({ dismissed });
  });
}
