import { sendDelivery } from '@/features/freelance/server/work-commands';
import { workIdParam } from '@/features/freelance/server/work-route-params';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/**
 * The accepted designer sends a delivery: JSON `{ note, files: [token] }` (1–10 tokens from
 * `deliveries/files`) → 201; the project becomes delivered. 409 when it is not in progress.
 */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const result = await sendDelivery(user, workIdParam((await params).id), await readJsonBody(request));
    return result.ok ? jsonData({ delivered: true }, { status: 201 }) : jsonFieldErrors(result.fieldErrors);
  });
}
