import { unlikeMake } from '@/features/makes/server/commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';

/** The signed-in user takes their like of a make back: `{ data: { liked: false, likes } }` (idempotent). */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    return jsonData(await unlikeMake(user.id, (await params).id));
  });
}
