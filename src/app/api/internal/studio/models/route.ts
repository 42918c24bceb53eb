import { createModel } from '@/features/studio/server/commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

/**
 * A seller's new model, as a draft: JSON details (title, description, categoryId, tags, price,
 * licence, unit, walletEligible) → 201 `{ data: { id } }`, or 400 with `fieldErrors`; 403 for a
 * user who is not a seller.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const result = await createModel(user, (await readJsonBody(request)) as Record<string, unknown>);
    return result.ok ? jsonData({ id: result.id }, { status: 201 }) : jsonFieldErrors(result.fieldErrors);
  });
}
