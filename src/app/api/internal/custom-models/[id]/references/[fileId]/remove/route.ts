import { removeReference } from '@/features/custom-models/server/upload-commands';
import { idParam, postAction } from '@/features/custom-models/server/routes';
import { jsonData } from '@/server/http/json';

type Context = { params: Promise<{ id: string; fileId: string }> };

/** The buyer removes a reference picture while the request awaits payment. */
export function POST(request: Request, { params }: Context) {
  return postAction(request, async (user) => {
    const { id, fileId } = await params;
    await removeReference(user, idParam(id), idParam(fileId));
    return jsonData({ removed: true });
  });
}
