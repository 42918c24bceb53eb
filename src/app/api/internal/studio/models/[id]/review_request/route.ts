import { submitForReview } from '@/features/studio/server/review-commands';
import { idParam } from '@/features/studio/server/route-params';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/**
 * The seller asks for a review: `{ data: { requested: true } }`, or 400 with `formError` (no files,
 * no picture, an analysis still running, already requested).
 */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const refusal = await submitForReview(user, idParam((await params).id));
    return refusal ? jsonFieldErrors({}, refusal) : jsonData({ requested: true });
  });
}
