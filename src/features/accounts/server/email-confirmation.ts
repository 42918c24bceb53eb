/**
 * Email confirmation (decision 0041). Sign-up never says whether an address has an account: every new
 * account starts with its address unconfirmed and gets a session at once, and the address receives
 * either a link that confirms it or, when another account has already confirmed it, a note that the
 * owner already has an account. Until confirmed, an address cannot be used to log in or reset the
 * password, so an unconfirmed copy of someone's address gives its holder nothing.
 */
import { createTranslator } from 'next-intl';

import type { Locale } from '@/i18n/routing';
import { hashToken, randomToken } from '@/server/auth/tokens';
import { assertWithinRateLimit } from '@/server/http/rate-limit';
import { emailMessages } from '@/server/mail/email-messages';
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

/** The visitor's language, and where the emails' links lead in it. */
export interface AccountLinks {
  locale: Locale;
  confirmUrl: (token: string) => string;
  logInUrl: string;
  resetUrl: string;
}

/**
 * Emails the address of a new (or still unconfirmed) account: a confirmation link, or — when another
 * account already owns the address — "you already have an account". The caller answers the same in
 * both cases. Texts and links are in the visitor's language (the one they signed up or asked in).
 */
export async function sendAddressEmail(
  account: { userId: number; username: string; email: string },
  links: AccountLinks,
  now: Date,
): Promise<void> {
  const t = createTranslator({
    locale: links.locale,
    messages: await emailMessages(links.locale),
    namespace: 'accountEmails',
  });
  const owner = await confirmedAccountOf(account.email, account.userId);
  if (owner) {
    await sendEmail({
      to: account.email,
      subject: t('alreadyRegistered.subject'),
      text: t('alreadyRegistered.body', {
        owner: owner.username,
        username: account.username,
        logInUrl: links.logInUrl,
        resetUrl: links.resetUrl,
      }),
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
    subject: t('confirm.subject'),
    text: t('confirm.body', { username: account.username, url: links.confirmUrl(token) }),
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
