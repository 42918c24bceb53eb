import { leaveReview } from '@/features/freelance/server/work-commands';
import { workIdParam } from '@/features/freelance/server/work-route-params';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/** Each side reviews the other once after completion: JSON `{ positive, rating (1–5), body (10–2,000) }`; 409 twice or before completion. */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const result = await leaveReview(
      user,
      workIdParam((await params).id),
      (await readJsonBody(request)) as never,
    );
    return result.ok ? jsonData({ ok: true }) : jsonFieldErrors(result.fieldErrors);
  });
}
