import { becomeSeller } from '@/features/studio/server/commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';

/** A signed-in buyer starts selling: `{ data: { seller: true } }`; 401 for a guest. */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    await becomeSeller(user);
    return jsonData({ seller: true });
  });
}
