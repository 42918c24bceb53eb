import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import styles from '@/components/ui/admin-list.module.css';
import { adminOrNotFound } from '@/features/accounts/server/page-access';
import { LearnedPhrasesAdminList } from '@/features/search/components/learned-phrases-admin-list';
import { getLearnedPhrases } from '@/features/search/server/queries';
import { localizedHref } from '@/i18n/navigation';

import { localeOf } from '../../route-params';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('searchPhrasesAdmin');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** Admin: the phrases the search box learned from searches, and removing one for good (decision 0039). */
export default async function AdminSearchPhrasesPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  await adminOrNotFound(locale, '/admin/search-phrases');
  const search = await searchParams;
  const query = typeof search.q === 'string' ? search.q.slice(0, 64) : '';
  const [t, list] = await Promise.all([getTranslations('searchPhrasesAdmin'), getLearnedPhrases(query)]);
  return (
    <div className="container">
      <a className={styles.back} href={localizedHref(locale, '/admin')}>
        ← {t('back')}
      </a>
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('lead')}</p>
      <LearnedPhrasesAdminList
        locale={locale}
        query={query}
        {...list}
        action={localizedHref(locale, '/admin/search-phrases')}
      />
    </div>
  );
}
