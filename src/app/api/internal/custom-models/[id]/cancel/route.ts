import { cancelRequest } from '@/features/custom-models/server/commands';
import { idParam, postAction } from '@/features/custom-models/server/routes';
import { jsonData, readJsonBody } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/** Cancels a request: the buyer while unpaid, an admin at any open step (a paid one is refunded). */
export function POST(request: Request, { params }: Context) {
  return postAction(request, async (user) =>
    jsonData(
      await cancelRequest(user, idParam((await params).id), await readJsonBody(request).catch(() => ({}))),
    ),
  );
}
