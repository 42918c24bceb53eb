import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { Avatar } from '@/components/ui/avatar';
import { ConversationView } from '@/features/conversations/components/conversation-view';
import { getConversation, getConversationHeading } from '@/features/conversations/server/queries';
import { env } from '@/env';
import { getPathname } from '@/i18n/navigation';
import { languageTags } from '@/i18n/routing';
import { currentUser } from '@/server/auth/visitor';
import { userOrLogIn } from '@/features/accounts/server/page-access';

import { localeOf } from '../../route-params';
import {
  conversationTypeLabels,
  conversationViewLabels,
} from '@/features/conversations/components/conversation-texts';
import styles from './conversation-page.module.css';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations('conversations.Conversation');
  const user = await currentUser();
  const heading = user ? await getConversationHeading(user, (await params).id) : null;
  return {
    title: heading ? t('metaTitle', { subject: heading.title }) : t('back'),
    robots: { index: false },
  };
}

/**
 * A conversation (participants only; anyone else, admins included, gets the 404): its messages oldest
 * first, refreshed without a reload, and the reply form.
 */
export default async function ConversationPage({ params }: Props) {
  const locale = await localeOf(params);
  const { id } = await params;
  const user = await userOrLogIn(locale, { pathname: '/conversations/[id]', params: { id } });
  const conversation = await getConversation(user, id);
  if (!conversation) notFound();
  const [t, types, labels] = await Promise.all([
    getTranslations('conversations.Conversation'),
    conversationTypeLabels(),
    conversationViewLabels(),
  ]);
  const others = conversation.participants.filter((p) => p.id !== user.id).map((p) => p.username);
  // A personal conversation is about the people in it: it is called by the others' names.
  const title =
    conversation.type === 'personal' && others.length > 0 ? others.join(', ') : conversation.subject;
  return (
    <div className={`container ${styles.page}`}>
      <p>
        <a href={getPathname({ locale, href: '/conversations' })}>{t('back')}</a>
      </p>
      <p className={styles.type}>{types[conversation.type]}</p>
      <h1 className="page-title">{title}</h1>
      <section aria-labelledby="participants-heading" className={styles.participants}>
        <h2 id="participants-heading" className="visually-hidden">
          {t('participants')}
        </h2>
        <ul>
          {conversation.participants.map((p) => (
            <li key={p.id}>
              <Avatar username={p.username} image={p.avatar} size={24} />
              <span>{p.id === user.id ? `${p.username} (${t('you')})` : p.username}</span>
            </li>
          ))}
        </ul>
      </section>
      {conversation.hasEarlier && <p>{t('earlier', { count: conversation.messages.length })}</p>}
      <ConversationView
        conversationId={conversation.id}
        viewerId={user.id}
        initialMessages={conversation.messages}
        languageTag={languageTags[locale]}
        maxModelMb={env.UPLOAD_MAX_MB}
        labels={labels}
      />
    </div>
  );
}
