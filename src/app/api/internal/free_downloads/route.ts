import { z } from 'zod';

import { downloadFreeModel } from '@/features/orders/server/free-download-commands';
import { requireUser } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

const bodySchema = z.object({ modelId: z.number().int().positive().max(2_147_483_647) });

/**
 * Downloads a free model: JSON `{ modelId }` → `{ orderId, files: [{ fileName, href, … }] }` (signed
 * links for this user). 401 for a guest, 404 for a model that is not public, 409 for a paid one.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const parsed = bodySchema.safeParse(await readJsonBody(request));
    if (!parsed.success) throw new AppError('BAD_REQUEST', 'modelId: a model id is required');
    return jsonData(await downloadFreeModel(user.id, parsed.data.modelId));
  });
}
