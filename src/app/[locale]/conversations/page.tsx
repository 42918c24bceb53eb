import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { ConversationList } from '@/features/conversations/components/conversation-list';
import { getInbox } from '@/features/conversations/server/queries';
import { getPathname } from '@/i18n/navigation';
import { languageTags } from '@/i18n/routing';
import { userOrLogIn } from '@/features/accounts/server/page-access';

import { localeOf, pageOf } from '../route-params';
import { inboxTexts } from '@/features/conversations/components/conversation-texts';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('conversations.Inbox');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** The inbox (spec §2 conversations): the user's conversations, newest activity first, paginated. */
export default async function ConversationsPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const user = await userOrLogIn(locale, '/conversations');
  const page = pageOf(await searchParams);
  const [t, { items, total, pageCount }, texts, support] = await Promise.all([
    getTranslations('conversations.Inbox'),
    getInbox(user, page),
    inboxTexts(),
    getTranslations('conversationFlows.Support'),
  ]);
  const pageHref = (n: number) => `${getPathname({ locale, href: '/conversations' })}?page=${n}`;
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('lead')}</p>
      <p>
        {support('inboxPrompt')} <a href={getPathname({ locale, href: '/support' })}>{support('title')}</a>
      </p>
      {total === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ConversationList
          items={items}
          viewerUsername={user.username}
          languageTag={languageTags[locale]}
          texts={texts}
          hrefOf={(id) =>
            getPathname({ locale, href: { pathname: '/conversations/[id]', params: { id: String(id) } } })
          }
        />
      )}
      {pageCount > 1 ? (
        <nav aria-label={t('page', { page, pages: pageCount })}>
          <p>
            {page > 1 ? <a href={pageHref(page - 1)}>{t('previous')}</a> : null}{' '}
            <span aria-current="page">{t('page', { page, pages: pageCount })}</span>{' '}
            {page < pageCount ? <a href={pageHref(page + 1)}>{t('next')}</a> : null}
          </p>
        </nav>
      ) : null}
    </div>
  );
}
