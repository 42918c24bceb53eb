import { settleReferralRewards } from '@/features/referrals/server/commands';
import { referralRulesFromEnv } from '@/features/referrals/server/rules';
import { env } from '@/env';
import { requireRole } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';
import { assertWithinRateLimit } from '@/server/http/rate-limit';

/** With the test payment provider only: pay as if it were `asOf` (a test moves the clock past the refund window). */
function asOfIn(body: unknown, now: Date): Date {
  const raw = (body as { asOf?: unknown } | null)?.asOf;
  if (raw === undefined || raw === null) return now;
  if (env.PAYMENT_PROVIDER !== 'test')
    throw new AppError('BAD_REQUEST', 'asOf is accepted only with the test payment provider');
  const asOf = typeof raw === 'string' ? new Date(raw) : new Date(NaN);
  if (Number.isNaN(asOf.getTime())) throw new AppError('BAD_REQUEST', 'asOf must be an ISO date and time');
  return asOf;
}

/**
 * Admins: pays the referral rewards that are due now (the hourly job does the same), JSON `{ asOf? }`
 * → `{ rewarded, refused }`.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const admin = requireRole(await verifyMutationRequest(request), 'admin');
    const now = new Date();
    await assertWithinRateLimit(`referral_settle:user:${admin.id}`, 30, 3_600_000, now);
    const asOf = asOfIn(await readJsonBody(request), now);
    return jsonData(await settleReferralRewards(referralRulesFromEnv(), asOf));
  });
}
