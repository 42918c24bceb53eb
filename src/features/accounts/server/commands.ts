/**
 * Sign up, log in and password reset (decision 0019). Sessions themselves are `server/auth`'s: these
 * commands answer who the user is; the route handlers start and end sessions and set the cookies.
 */
import { createTranslator } from 'next-intl';

import type { Locale } from '@/i18n/routing';
import { hashPassword, verifyPassword, decoyPasswordHash } from '@/server/auth/password';
import { hashToken, randomToken } from '@/server/auth/tokens';
import { deleteUserSessions } from '@/server/auth/session';
import { env } from '@/env';
import {
  assertWithinRateLimit,
  countRateLimitHit,
  rateLimitHits,
  rateLimited,
} from '@/server/http/rate-limit';
import { emailMessages } from '@/server/mail/email-messages';
import { sendEmail } from '@/server/mail/outbox';

import {
  validateLogIn,
  validateNewPassword,
  validateResetRequest,
  validateSignUp,
  type FieldErrors,
} from '../schemas';
import { passwordRuleError } from '../password-rules';
import { isCommonPassword } from './common-passwords';
import { sendAddressEmail, type AccountLinks } from './email-confirmation';
import {
  consumeResetToken,
  findCredentials,
  findResetTokenOwner,
  insertResetToken,
  insertUser,
} from './repository';

const minute = 60_000;
/** Per client address: attempts per window (stored in the database, so they hold across instances). */
export const accountRateLimits = {
  signUp: { limit: 5, windowMs: 60 * minute },
  logIn: { limit: 10, windowMs: 15 * minute },
  /** Wrong passwords for one account from one address. */
  logInFailuresPerAccountAndAddress: { limit: 5, windowMs: 15 * minute },
  /**
   * Wrong passwords for one account from all addresses: past this the account is under attack, and
   * only addresses that have not failed on it may try (one guess each). Its owner, from a clean
   * address, always gets their password checked: nobody can lock another person out.
   */
  logInFailuresPerAccount: { limit: 10, windowMs: 15 * minute },
  passwordReset: { limit: 5, windowMs: 60 * minute },
} as const;

export const resetTokenLifetimeMs = 60 * minute;

export type AccountResult<F extends string> =
  | { ok: true; userId: number }
  | { ok: false; fieldErrors: FieldErrors<F>; formError?: 'invalid_credentials' | 'invalid_token' };

interface Context {
  clientIp: string;
  now?: Date;
  /** The visitor's languages, for the common words a new password may not be (see `visitorLanguages`). */
  languages?: readonly string[];
}

function fieldsOf(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};
}

async function limit(key: string, rule: { limit: number; windowMs: number }, now: Date) {
  await assertWithinRateLimit(key, rule.limit * env.ACCOUNT_RATE_LIMIT_FACTOR, rule.windowMs, now);
}

export async function signUp(
  input: unknown,
  { clientIp, now = new Date(), languages = ['en'], links }: Context & { links: AccountLinks },
): Promise<AccountResult<'username' | 'email' | 'password'>> {
  const checked = validateSignUp(fieldsOf(input));
  if (!checked.ok) return checked;
  if (await isCommonPassword(checked.value.password, languages))
    return { ok: false, fieldErrors: { password: 'password_common' } };
  await limit(`sign_up:${clientIp}`, accountRateLimits.signUp, now);
  const inserted = await insertUser({
    username: checked.value.username,
    email: checked.value.email,
    passwordHash: await hashPassword(checked.value.password),
  });
  // A taken username is said (the page needs it; the per-client limit above slows probing). Whether
  // the address has an account is not: that goes to the address, by email (decision 0041).
  if ('taken' in inserted) return { ok: false, fieldErrors: { username: 'username_taken' } };
  await sendAddressEmail(
    { userId: inserted.id, username: checked.value.username, email: checked.value.email },
    links,
    now,
  );
  return { ok: true, userId: inserted.id };
}

const failureKeys = (account: string, clientIp: string) => ({
  perAccount: `log_in_failures:${account}`,
  perAccountAndAddress: `log_in_failures:${account}:${clientIp}`,
});

/** Refuses (429) an address that failed too often on this account, or at all while it is under attack. */
async function assertLogInAllowed(account: string, clientIp: string, now: Date) {
  const keys = failureKeys(account, clientIp);
  const { logInFailuresPerAccount: perAccount, logInFailuresPerAccountAndAddress: perAddress } =
    accountRateLimits;
  const factor = env.ACCOUNT_RATE_LIMIT_FACTOR;
  const fromAddress = await rateLimitHits(keys.perAccountAndAddress, perAddress.windowMs, now);
  if (fromAddress >= perAddress.limit * factor) throw rateLimited(perAddress.windowMs, now);
  if (fromAddress === 0) return;
  const fromAll = await rateLimitHits(keys.perAccount, perAccount.windowMs, now);
  if (fromAll >= perAccount.limit * factor) throw rateLimited(perAccount.windowMs, now);
}

async function recordLogInFailure(account: string, clientIp: string, now: Date) {
  const keys = failureKeys(account, clientIp);
  await countRateLimitHit(
    keys.perAccountAndAddress,
    accountRateLimits.logInFailuresPerAccountAndAddress.windowMs,
    now,
  );
  await countRateLimitHit(keys.perAccount, accountRateLimits.logInFailuresPerAccount.windowMs, now);
}

/** The same answer for an unknown user and a wrong password, after the same work (no user enumeration). */
export async function logIn(
  input: unknown,
  { clientIp, now = new Date() }: Context,
): Promise<AccountResult<'login' | 'password'>> {
  const checked = validateLogIn(fieldsOf(input));
  if (!checked.ok) return checked;
  await limit(`log_in:${clientIp}`, accountRateLimits.logIn, now);
  const user = await findCredentials(checked.value.login);
  // Keyed on the account, so its username and its email share one count.
  const account = user ? `user:${user.id}` : checked.value.login.toLowerCase();
  await assertLogInAllowed(account, clientIp, now);
  const valid = await verifyPassword(
    user?.passwordHash ?? (await decoyPasswordHash()),
    checked.value.password,
  );
  if (!user?.passwordHash || !valid) {
    await recordLogInFailure(account, clientIp, now);
    return { ok: false, fieldErrors: {}, formError: 'invalid_credentials' };
  }
  return { ok: true, userId: user.id };
}

/**
 * Emails a reset link when the address belongs to a user; answers the same either way. The email is
 * in the language the visitor asked in, as the page its link opens.
 */
export async function requestPasswordReset(
  input: unknown,
  {
    clientIp,
    now = new Date(),
    resetUrl,
    locale = 'en',
  }: Context & { resetUrl: (token: string) => string; locale?: Locale },
): Promise<{ ok: true } | { ok: false; fieldErrors: FieldErrors<'email'> }> {
  const checked = validateResetRequest(fieldsOf(input));
  if (!checked.ok) return checked;
  await limit(`password_reset:${clientIp}`, accountRateLimits.passwordReset, now);
  const user = await findCredentials(checked.value.email);
  if (user && user.email.toLowerCase() === checked.value.email.toLowerCase()) {
    const token = randomToken();
    await insertResetToken({
      id: hashToken(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + resetTokenLifetimeMs),
    });
    const t = createTranslator({ locale, messages: await emailMessages(locale), namespace: 'accountEmails' });
    await sendEmail({
      to: user.email,
      subject: t('reset.subject'),
      text: t('reset.body', { username: user.username, url: resetUrl(token) }),
    });
  }
  return { ok: true };
}

/** Sets a new password with a reset token (once, within its hour) and ends all the user's sessions. */
export async function resetPassword(
  input: unknown,
  { now = new Date(), languages = ['en'] }: { now?: Date; languages?: readonly string[] } = {},
): Promise<AccountResult<'token' | 'password'>> {
  const checked = validateNewPassword(fieldsOf(input));
  if (!checked.ok) return checked;
  if (!/^[\w-]{43}$/.test(checked.value.token))
    return { ok: false, fieldErrors: {}, formError: 'invalid_token' };
  const owner = await findResetTokenOwner(hashToken(checked.value.token), now);
  if (!owner) return { ok: false, fieldErrors: {}, formError: 'invalid_token' };
  const broken =
    passwordRuleError(checked.value.password, owner) ??
    ((await isCommonPassword(checked.value.password, languages)) ? 'password_common' : null);
  if (broken) return { ok: false, fieldErrors: { password: broken } };
  const userId = await consumeResetToken(
    hashToken(checked.value.token),
    await hashPassword(checked.value.password),
    now,
  );
  if (userId === null) return { ok: false, fieldErrors: {}, formError: 'invalid_token' };
  await deleteUserSessions(userId);
  return { ok: true, userId };
}
