import { getTranslations } from 'next-intl/server';

import { getPathname, localizedHref } from '@/i18n/navigation';
import { languageTags, type Locale } from '@/i18n/routing';
import { currentUser } from '@/server/auth/visitor';

import { startConversationLabels } from './conversation-texts';
import styles from './message-designer.module.css';
import { StartConversation } from './start-conversation';

/**
 * "Send a message" on a designer's profile: a signed-in visitor writes to the designer (their personal
 * conversation); a guest is asked to log in first; nothing on one's own profile.
 */
export async function MessageDesigner({
  locale,
  username,
  userId,
}: {
  locale: Locale;
  username: string;
  userId: number;
}) {
  const user = await currentUser();
  if (user?.id === userId) return null;
  const here = getPathname({ locale, href: { pathname: '/designers/[username]', params: { username } } });
  if (!user) {
    const t = await getTranslations('conversations.Start');
    return (
      <div className={styles.action}>
        <a className="button button-secondary" href={localizedHref(locale, '/login', { next: here })}>
          {t('logIn')}
        </a>
      </div>
    );
  }
  return (
    <div className={styles.action}>
      <StartConversation
        username={username}
        languageTag={languageTags[locale]}
        conversationHref={getPathname({
          locale,
          href: { pathname: '/conversations/[id]', params: { id: 'CONVERSATION_ID' } },
        })}
        labels={await startConversationLabels()}
      />
    </div>
  );
}
