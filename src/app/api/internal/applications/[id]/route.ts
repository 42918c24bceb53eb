import { updateApplication } from '@/features/freelance/server/application-commands';
import { workIdParam } from '@/features/freelance/server/work-route-params';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/** Its designer edits a submitted application (same JSON as applying); anybody else: 404. */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const id = workIdParam((await params).id);
    const result = await updateApplication(
      user,
      id,
      (await readJsonBody(request)) as Record<string, unknown>,
    );
    return result.ok ? jsonData({ id: result.id }) : jsonFieldErrors(result.fieldErrors);
  });
}
