import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { userOrLogIn } from '@/features/accounts/server/page-access';
import { SavedSearchList } from '@/features/saved-searches/components/saved-search-list';
import { maxSavedSearchesPerUser } from '@/features/saved-searches/api';

import { localeOf } from '../../route-params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('savedSearches.Page');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** The user's saved searches (decision 0033): what each searches for, its listing, and removing it. */
export default async function SavedSearchesPage({ params }: Props) {
  const locale = await localeOf(params);
  const user = await userOrLogIn(locale, '/account/saved-searches');
  const t = await getTranslations('savedSearches.Page');
  return (
    <div className="container narrow-page">
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('lead', { max: maxSavedSearchesPerUser })}</p>
      <SavedSearchList userId={user.id} locale={locale} />
    </div>
  );
}
