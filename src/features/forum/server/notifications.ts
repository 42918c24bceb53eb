/**
 * Thread subscriptions' emails (decision 0043): a new reply emails each subscriber once, then nothing
 * more until they have been back to the thread — a digest of "there are new replies", not one email
 * per reply.
 */
import { createTranslator } from 'next-intl';

import { env } from '@/env';
import { getPathname } from '@/i18n/navigation';
import type { SessionUser } from '@/server/auth/session';
import { emailMessages, localeOrEnglish } from '@/server/mail/email-messages';
import { sendEmail } from '@/server/mail/outbox';

import { claimSubscribersToNotify } from './repository';

export async function notifySubscribers(input: {
  threadId: number;
  threadTitle: string;
  author: SessionUser;
  postId: number;
  now: Date;
}): Promise<number> {
  const recipients = await claimSubscribersToNotify(input.threadId, input.author.id, input.now);
  for (const recipient of recipients) {
    const locale = localeOrEnglish(recipient.locale);
    const t = createTranslator({ locale, messages: await emailMessages(locale), namespace: 'forum.email' });
    const path = getPathname({
      locale,
      href: { pathname: '/forum/threads/[id]', params: { id: String(input.threadId) } },
    });
    const link = new URL(`${path}?post=${input.postId}`, env.publicUrl).href;
    await sendEmail({
      to: recipient.email,
      subject: t('subject', { title: input.threadTitle }),
      text: [
        t('greeting', { name: recipient.username }),
        '',
        t('body', { author: input.author.username, title: input.threadTitle }),
        link,
        '',
        t('once'),
        t('unsubscribe'),
      ].join('\n'),
    });
  }
  return recipients.length;
}
