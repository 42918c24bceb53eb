import { removePicture } from '@/features/studio/server/commands';
import { idParam, positionParam } from '@/features/studio/server/route-params';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';

type Context = { params: Promise<{ id: string; position: string }> };

/** Deletes one of a model's pictures (its seller only); the next one becomes the card picture. */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const { id, position } = await params;
    await removePicture(user, idParam(id), positionParam(position));
    return jsonData({ removed: true });
  });
}
