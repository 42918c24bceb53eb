import { submitToQa } from '@/features/custom-models/server/commands';
import { idParam, postAction } from '@/features/custom-models/server/routes';
import { jsonData } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/** The designer sends the uploaded round to QA. */
export function POST(request: Request, { params }: Context) {
  return postAction(request, async (user) => {
    await submitToQa(user, idParam((await params).id));
    return jsonData({ done: true });
  });
}
