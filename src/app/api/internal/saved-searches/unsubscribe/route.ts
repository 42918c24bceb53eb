import { unsubscribeWithToken } from '@/features/saved-searches/server/commands';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

/**
 * The unsubscribe page's button: JSON `{ token }` from a digest's link → `{ data: { outcome } }`
 * ('removed' or 'gone'); no log-in needed (the signed token names what it removes), a changed token
 * is a 400.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    await verifyMutationRequest(request);
    const body = await readJsonBody(request);
    const outcome = await unsubscribeWithToken((body as { token?: unknown } | null)?.token);
    return jsonData({ outcome });
  });
}
