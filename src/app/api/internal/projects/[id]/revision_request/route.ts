import { requestRevision } from '@/features/freelance/server/work-commands';
import { workIdParam } from '@/features/freelance/server/work-route-params';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/** The owner asks for a revision of a delivered project: JSON `{ note }` (required); 409 unless delivered; 404 for anybody else. */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const result = await requestRevision(
      user,
      workIdParam((await params).id),
      (await readJsonBody(request)) as never,
    );
    return result.ok ? jsonData({ ok: true }) : jsonFieldErrors(result.fieldErrors);
  });
}
