import { likeMake } from '@/features/makes/server/commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';

/**
 * The signed-in user likes a make: `{ data: { liked: true, likes } }`, the same answer when they already
 * like it. 404 for an unknown make, 401 for a guest, 403 without the CSRF header, 429 past the hourly budget.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    return jsonData(await likeMake(user.id, (await params).id));
  });
}
