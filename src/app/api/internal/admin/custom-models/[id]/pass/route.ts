import { passQa } from '@/features/custom-models/server/commands';
import { idParam, postAction } from '@/features/custom-models/server/routes';
import { jsonData } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/** QA passes the round to the buyer. */
export function POST(request: Request, { params }: Context) {
  return postAction(request, async (user) => {
    await passQa(user, idParam((await params).id));
    return jsonData({ done: true });
  });
}
