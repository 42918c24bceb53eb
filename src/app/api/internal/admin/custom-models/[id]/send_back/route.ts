import { sendBack } from '@/features/custom-models/server/commands';
import { idParam, postAction } from '@/features/custom-models/server/routes';
import { jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/** QA sends the round back: { note } (10–2,000 characters). */
export function POST(request: Request, { params }: Context) {
  return postAction(request, async (user) => {
    const result = await sendBack(user, idParam((await params).id), await readJsonBody(request));
    return result.ok ? jsonData({ done: true }) : jsonFieldErrors(result.fieldErrors);
  });
}
