import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { findCategoryLabels } from '@/features/catalog/server/api';
import { filtersOfQuery } from '@/features/saved-searches/api';
import { PostButton } from '@/features/saved-searches/components/post-button';
import { describeSearch, type Translate } from '@/features/saved-searches/describe';
import { unsubscribeLinkState } from '@/features/saved-searches/server/queries';
import { localizedHref } from '@/i18n/navigation';

import { localeOf } from '../../route-params';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('savedSearches.Unsubscribe');
  return { title: t('metaTitle'), robots: { index: false } };
}

/**
 * A digest's unsubscribe link (decision 0033): names what it stops and removes it with one press, no
 * log-in needed. Opening the link changes nothing (mail scanners open links); mail clients use the
 * List-Unsubscribe header's one-click POST instead.
 */
export default async function UnsubscribePage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const token = (await searchParams).token;
  const [t, tAll, state] = await Promise.all([
    getTranslations('savedSearches.Unsubscribe'),
    getTranslations(),
    unsubscribeLinkState(typeof token === 'string' ? token : null),
  ]);
  let what: string | null = null;
  if (state.kind === 'search') {
    const { search } = state;
    const category =
      search.categoryId === null
        ? null
        : ((await findCategoryLabels(locale, [search.categoryId])).get(search.categoryId) ?? null);
    const translate: Translate = (key, values) => tAll(key as never, values as never);
    what = describeSearch(translate, locale, {
      productType: search.productType,
      categoryTitle: category?.title ?? null,
      filters: filtersOfQuery(search.query),
    }).title;
  }
  return (
    <div className="container narrow-page">
      <h1 className="page-title">{t('title')}</h1>
      {state.kind === 'invalid' && <p className="page-lead">{t('invalid')}</p>}
      {state.kind === 'gone' && <p className="page-lead">{t('gone')}</p>}
      {(state.kind === 'search' || state.kind === 'all') && (
        <>
          <p className="page-lead">
            {state.kind === 'search' ? t('leadOne', { search: what! }) : t('leadAll', { count: state.count })}
          </p>
          <PostButton
            className="button"
            url="/api/internal/saved-searches/unsubscribe"
            json={{ token }}
            labels={{ idle: t('button'), busy: t('busy'), failed: t('failed') }}
            outcome={{ field: 'outcome', messages: { removed: t('removed'), gone: t('gone') } }}
          />
        </>
      )}
      <p>
        <a href={localizedHref(locale, '/account/saved-searches')}>{t('manage')}</a>
      </p>
    </div>
  );
}
