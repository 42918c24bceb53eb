/**
 * The team invitation email, in the locale of whoever it concerns (the application's locale for the
 * owner's invitation, the inviting owner's for the others), with the 14-day link to `/team/join`.
 */
import { createTranslator } from 'next-intl';

import { env } from '@/env';
import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { buildHref } from '@/lib/query-string';
import { emailMessages, localeOrEnglish } from '@/server/mail/email-messages';
import type { OutgoingEmail } from '@/server/mail/outbox';

export interface InvitationEmailInput {
  to: string;
  locale: string;
  teamName: string;
  token: string;
  /** The owner's invitation (after the approval) or a member's. */
  kind: 'owner' | 'member';
  inviter: string | null;
}

export type InvitationEmailWriter = (input: InvitationEmailInput) => Promise<OutgoingEmail>;

export function joinUrl(locale: Locale, token: string): string {
  return new URL(buildHref(getPathname({ locale, href: '/team/join' }), { token }), env.publicUrl).href;
}

export const writeInvitationEmail: InvitationEmailWriter = async (input) => {
  const locale = localeOrEnglish(input.locale);
  const t = createTranslator({ locale, messages: await emailMessages(locale), namespace: 'business.Emails' });
  const link = joinUrl(locale, input.token);
  const values = { team: input.teamName, link, inviter: input.inviter ?? '' };
  return {
    to: input.to,
    subject: t(input.kind === 'owner' ? 'ownerSubject' : 'memberSubject', values),
    text: t(input.kind === 'owner' ? 'ownerText' : 'memberText', values),
  };
};
