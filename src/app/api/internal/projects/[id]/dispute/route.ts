import { openDispute } from '@/features/freelance/server/work-commands';
import { workIdParam } from '@/features/freelance/server/work-route-params';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/** Either side opens a dispute on a project in progress or delivered: JSON `{ note? }`; 409 otherwise; 404 for anybody else. */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const result = await openDispute(
      user,
      workIdParam((await params).id),
      (await readJsonBody(request)) as never,
    );
    return result.ok ? jsonData({ ok: true }) : jsonFieldErrors(result.fieldErrors);
  });
}
