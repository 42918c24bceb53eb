import { requestDigestNow } from '@/features/saved-searches/server/digest';
import { requireRole } from '@/server/auth/visitor';
import { getDatabase } from '@/server/db/client';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';

/**
 * An admin sends the saved-search digests now instead of at the daily hour (decision 0033):
 * `{ data: { queued } }`, false when a run asked for this way is still waiting or running.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const admin = requireRole(await verifyMutationRequest(request), 'admin');
    const jobId = await requestDigestNow(await getDatabase(), admin.id);
    return jsonData({ queued: jobId !== null });
  });
}
