import { removeModelFile } from '@/features/studio/server/commands';
import { idParam } from '@/features/studio/server/route-params';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';

type Context = { params: Promise<{ id: string; fileId: string }> };

/** Deletes one of a model's files (its seller only). */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const { id, fileId } = await params;
    await removeModelFile(user, idParam(id), idParam(fileId));
    return jsonData({ removed: true });
  });
}
