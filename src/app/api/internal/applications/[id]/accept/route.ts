import { acceptApplication } from '@/features/freelance/server/acceptance-commands';
import { workIdParam } from '@/features/freelance/server/work-route-params';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/**
 * The project's owner accepts an application and pays its price: JSON `{ idempotencyKey, card: {
 * number, expiry, cvc } }` → `{ data: { status: 'accepted', orderId } }` or `{ data: { status: 'failed',
 * failure } }` (a declined card: nothing accepted); 409 when another application is accepted or paid
 * for meanwhile; 404 for anybody but the owner.
 */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const id = workIdParam((await params).id);
    const outcome = await acceptApplication(user, id, await readJsonBody(request));
    return jsonData(outcome);
  });
}
