import { resendAddressEmail } from '@/features/accounts/server/email-confirmation';
import { accountLinks } from '@/features/accounts/server/account-links';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

/**
 * Sends the signed-in user's address its email again (the confirmation link, or "you already have an
 * account"): JSON `{ locale }` → 202; 401 for a guest; 429 past 3 an hour per user.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const body = await readJsonBody(request);
    await resendAddressEmail(user, accountLinks((body as { locale?: unknown } | null)?.locale));
    return jsonData({ sent: true }, { status: 202 });
  });
}
