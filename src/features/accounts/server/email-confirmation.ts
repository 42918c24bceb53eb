/**
 * Email confirmation (decision 0041). Sign-up never says whether an address has an account: every new
 * account starts with its address unconfirmed and gets a session at once, and the address receives
 * either a link that confirms it or, when another account has already confirmed it, a note that the
 * owner already has an account. Until confirmed, an address cannot be used to log in or reset the
 * password, so an unconfirmed copy of someone's address gives its holder nothing.
 */
import { hashToken, randomToken } from '@/server/auth/tokens';
import { assertWithinRateLimit } from '@/server/http/rate-limit';
import { sendEmail } from '@/server/mail/outbox';

import {
  confirmEmailWithToken,
  confirmedAccountOf,
  emailConfirmationOf,
  insertEmailConfirmationToken,
  type ConfirmOutcome,
} from './email-confirmation-repository';

const day = 86_400_000;
export const confirmationTokenLifetimeMs = 7 * day;

/** Where the emails' links lead, in the visitor's language. */
export interface AccountLinks {
  confirmUrl: (token: string) => string;
  logInUrl: string;
  resetUrl: string;
}

/**
 * Emails the address of a new (or still unconfirmed) account: a confirmation link, or — when another
 * account already owns the address — "you already have an account". The caller answers the same in
 * both cases. The texts are English, as the reset email's (the links open the visitor's language).
 */
export async function sendAddressEmail(
  account: { userId: number; username: string; email: string },
  links: AccountLinks,
  now: Date,
): Promise<void> {
  const owner = await confirmedAccountOf(account.email, account.userId);
  if (owner) {
    await sendEmail({
      to: account.email,
      subject: 'You already have an account',
      text:
        `Hello ${owner.username},\n\nsomeone — perhaps you — just signed up as "${account.username}" with this email ` +
        `address. It already belongs to your account "${owner.username}", so the new sign-up cannot use it.\n\n` +
        `Log in: ${links.logInUrl}\nForgot your password? ${links.resetUrl}\n\n` +
        `If this was not you, ignore this email: nothing changes on your account.\n`,
    });
    return;
  }
  const token = randomToken();
  await insertEmailConfirmationToken({
    id: hashToken(token),
    userId: account.userId,
    email: account.email,
    expiresAt: new Date(now.getTime() + confirmationTokenLifetimeMs),
  });
  await sendEmail({
    to: account.email,
    subject: 'Confirm your email address',
    text:
      `Hello ${account.username},\n\nwelcome! To confirm that this address is yours, open this link within ` +
      `7 days:\n${links.confirmUrl(token)}\n\nOnce confirmed, you can log in with it and get password reset ` +
      `links. If you did not sign up, ignore this email.\n`,
  });
}

/** Confirms the address of the token's account (once, within its days). */
export async function confirmEmail(
  input: unknown,
  { clientIp, now = new Date() }: { clientIp: string; now?: Date },
): Promise<ConfirmOutcome> {
  const token = (input as { token?: unknown } | null)?.token;
  await assertWithinRateLimit(`email_confirmation:${clientIp}`, 30, 3_600_000, now);
  if (typeof token !== 'string' || !/^[\w-]{43}$/.test(token)) return 'invalid';
  return confirmEmailWithToken(hashToken(token), now);
}

/** Sends a still unconfirmed address its email again; 3 an hour per user. */
export async function resendAddressEmail(
  user: { id: number; username: string },
  links: AccountLinks,
  now = new Date(),
): Promise<void> {
  await assertWithinRateLimit(`email_confirmation_resend:user:${user.id}`, 3, 3_600_000, now);
  const state = await emailConfirmationOf(user.id);
  if (!state || state.confirmed) return;
  await sendAddressEmail({ userId: user.id, username: user.username, email: state.email }, links, now);
}
