import { signUp } from '@/features/accounts/server/commands';
import { mergeGuestCart } from '@/features/cart/server/commands';
import { referralCookie, referralCookieName } from '@/features/referrals/api';
import { recordSignUpReferral } from '@/features/referrals/server/commands';
import { cookieValue } from '@/server/auth/cookies';
import { startSession } from '@/server/auth/session-cookies';
import { accountLinks } from '@/features/accounts/server/account-links';
import { visitorLanguages } from '@/features/accounts/server/common-passwords';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';
import { clientOf } from '@/server/http/rate-limit';

const localeOf = (body: unknown) => (body as { locale?: unknown } | null)?.locale;

/**
 * Sign up: JSON `{ username, email, password, locale? }` → 201 and a new signed-in session (the
 * guest's cart comes along), the address unconfirmed and emailed (a confirmation link, or "you already
 * have an account": the answer is the same either way, decision 0041); 400 with `fieldErrors` (a
 * taken username, a password rule); 429 past the client's limit.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const visitor = await verifyMutationRequest(request);
    const body = await readJsonBody(request);
    const result = await signUp(body, {
      clientIp: clientOf(request),
      languages: visitorLanguages(localeOf(body), request.headers.get('accept-language')),
      links: accountLinks(localeOf(body)),
    });
    if (!result.ok) return jsonFieldErrors(result.fieldErrors, result.formError);
    if (visitor) await mergeGuestCart(visitor.session.id, result.userId);
    // Through a friend's link (decision 0048): who invited the new member.
    const referral = cookieValue(request.headers.get('cookie'), referralCookieName);
    await recordSignUpReferral(result.userId, referral);
    const response = jsonData({ userId: result.userId }, { status: 201 });
    if (referral !== null) response.headers.append('set-cookie', referralCookie(null));
    await startSession(response, result.userId, { previous: visitor?.session });
    return response;
  });
}
