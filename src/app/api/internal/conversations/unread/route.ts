import { selectUnreadTotal } from '@/features/conversations/server/repository';
import { requireUser, visitorOfRequest } from '@/server/auth/visitor';
import { handleJson, jsonData } from '@/server/http/json';

/** The header widget's poll: `{ data: { count } }`, the user's unread messages; 401 for a guest. */
export function GET(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await visitorOfRequest(request));
    return jsonData({ count: await selectUnreadTotal(user.id) });
  });
}
