import { unlikeModel } from '@/features/catalog/server/likes-commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';

/**
 * The signed-in user takes their like back: `{ data: { liked: false, likes } }`, the same answer when
 * there was none. 404 for an unknown or unpublished model, 401 for a guest, 403 without the CSRF
 * header, 429 past the hourly budget (shared with liking).
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    return jsonData(await unlikeModel(user.id, (await params).id));
  });
}
