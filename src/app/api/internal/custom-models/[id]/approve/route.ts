import { approveRequest } from '@/features/custom-models/server/commands';
import { idParam, postAction } from '@/features/custom-models/server/routes';
import { jsonData } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/** The buyer approves the result (the designer is paid once). */
export function POST(request: Request, { params }: Context) {
  return postAction(request, async (user) => {
    await approveRequest(user, idParam((await params).id));
    return jsonData({ done: true });
  });
}
