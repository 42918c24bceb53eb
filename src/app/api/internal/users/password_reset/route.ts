import { requestPasswordReset } from '@/features/accounts/server/commands';
import { env } from '@/env';
import { getPathname } from '@/i18n/navigation';
import { buildHref } from '@/lib/query-string';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';
import { clientOf } from '@/server/http/rate-limit';
import { localeOrEnglish } from '@/server/mail/email-messages';

/**
 * Asks for a password reset link: JSON `{ email, locale }` → 202 whether or not the address is known
 * (no account enumeration); 400 with `fieldErrors`; 429 when limited.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    await verifyMutationRequest(request);
    const body = await readJsonBody(request);
    const locale = localeOrEnglish((body as { locale?: unknown } | null)?.locale);
    const result = await requestPasswordReset(body, {
      clientIp: clientOf(request),
      locale,
      resetUrl: (token) =>
        new URL(buildHref(getPathname({ locale, href: '/password-reset/new' }), { token }), env.publicUrl)
          .href,
    });
    if (!result.ok) return jsonFieldErrors(result.fieldErrors);
    return jsonData({ sent: true }, { status: 202 });
  });
}
