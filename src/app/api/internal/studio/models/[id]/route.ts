import { updateModel } from '@/features/studio/server/commands';
import { idParam } from '@/features/studio/server/route-params';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/** Changes a model's details (its seller only; 404 for anyone else; 409 while it is in review). */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const id = idParam((await params).id);
    const result = await updateModel(user, id, (await readJsonBody(request)) as Record<string, unknown>);
    return result.ok ? jsonData({ id }) : jsonFieldErrors(result.fieldErrors);
  });
}
