import { payForRequest } from '@/features/custom-models/server/payment-commands';
import { idParam, postAction } from '@/features/custom-models/server/routes';
import { jsonData, readJsonBody } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/** Pays the request: { idempotencyKey, card } → { status: 'paid' | 'failed', orderId, failure? }; 409 when another payment runs. */
export function POST(request: Request, { params }: Context) {
  return postAction(request, async (user) =>
    jsonData(await payForRequest(user, idParam((await params).id), await readJsonBody(request))),
  );
}
