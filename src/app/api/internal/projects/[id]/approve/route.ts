import { approveWork } from '@/features/freelance/server/work-commands';
import { workIdParam } from '@/features/freelance/server/work-route-params';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/** The owner approves a delivered project and the designer is paid: JSON `{ note? }`; a second approval is a 409; 404 for anybody else. */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const result = await approveWork(
      user,
      workIdParam((await params).id),
      (await readJsonBody(request)) as never,
    );
    return result.ok ? jsonData({ ok: true }) : jsonFieldErrors(result.fieldErrors);
  });
}
