import { unpublishModel } from '@/features/studio/server/lifecycle-commands';
import { idParam } from '@/features/studio/server/route-params';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/** Takes a published model off the marketplace (its seller only; anybody else gets 404, a step the model's state refuses 409). */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    await unpublishModel(user, idParam((await params).id));
    return jsonData({ unpublished: true });
  });
}
