import { reportSubject } from '@/features/moderation/server/report-commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

import { moderationSubjects } from '../../../moderation-subjects';

/**
 * Reports content to the moderators: JSON `{ subjectType, subjectId, reason, note? }` →
 * `{ data: { reported: true, alreadyReported } }` (one report per user and content). 400 bad body,
 * 401 guest, 403 no CSRF, 404 no such content (or not visible to the user), 429 too many reports.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const filed = await reportSubject(moderationSubjects, user, await readJsonBody(request));
    return jsonData({ reported: true, alreadyReported: !filed.created });
  });
}
