import { localeOrEnglish } from '@/server/mail/email-messages';
import { subscribeToSearch } from '@/features/saved-searches/server/commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

/**
 * Saves a listing's search for the signed-in user: JSON `{ pathname, productType, categoryId, query,
 * locale }` → `{ data: { id } }` (the same search again: the same id); 401 for a guest, 409 past the
 * limit, 429 when flooded.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const body = await readJsonBody(request);
    const locale = localeOrEnglish((body as { locale?: unknown } | null)?.locale);
    const { id } = await subscribeToSearch(user, locale, body);
    return jsonData({ id, subscribed: true });
  });
}
