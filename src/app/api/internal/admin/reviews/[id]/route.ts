import { reviewModel } from '@/features/studio/server/review-commands';
import { idParam } from '@/features/studio/server/route-params';
import { requireRole } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/**
 * An admin's verdict on a model waiting for review: JSON `{ verdict: 'approve', score }` or
 * `{ verdict: 'reject', note }` → `{ data: { published } }`; 409 when it is not waiting (a second verdict).
 */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const admin = requireRole(await verifyMutationRequest(request), 'admin');
    const result = await reviewModel(admin, idParam((await params).id), await readJsonBody(request));
    return result.ok ? jsonData({ published: result.published }) : jsonFieldErrors(result.fieldErrors);
  });
}
