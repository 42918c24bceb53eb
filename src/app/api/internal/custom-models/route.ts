import { createCustomModelRequest } from '@/features/custom-models/server/commands';
import { postAction } from '@/features/custom-models/server/routes';
import { jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

/**
 * A buyer's new custom-model request (awaiting payment): JSON { title, description, complexity,
 * fileFormats, referenceLinks } → 201 `{ data: { id } }`, or 400 with `fieldErrors`; 429 when too many.
 */
export function POST(request: Request) {
  return postAction(request, async (user) => {
    const result = await createCustomModelRequest(
      user,
      (await readJsonBody(request)) as Record<string, unknown>,
    );
    return result.ok ? jsonData({ id: result.id }, { status: 201 }) : jsonFieldErrors(result.fieldErrors);
  });
}
