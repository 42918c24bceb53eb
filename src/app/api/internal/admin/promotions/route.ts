import { sendPromotion } from '@/features/conversations/server/support-commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

/**
 * An admin's message to a group of users: JSON `{ group, subject, body }` → 201 `{ data: { sent } }`,
 * one `promotions` conversation per recipient; 400 with `fieldErrors`; 404 for anyone but an admin;
 * 401 for a guest; 429 past the hourly limit; 403 without the CSRF header.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const result = await sendPromotion(user, await readJsonBody(request));
    if (!result.ok) return jsonFieldErrors(result.fieldErrors as Record<string, string>);
    return jsonData({ sent: result.sent }, { status: 201 });
  });
}
