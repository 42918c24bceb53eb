import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { userOrLogIn } from '@/features/accounts/server/page-access';
import { ModelGrid } from '@/features/catalog/components/model-grid';
import { Pagination } from '@/features/catalog/components/pagination';
import { getLikedModelPage } from '@/features/catalog/server/queries';
import { localizedHref } from '@/i18n/navigation';

import { localeOf, pageOf } from '../../route-params';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('social.LikedPage');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** The models the signed-in user likes, most recently liked first (decision 0032). */
export default async function LikedModelsPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const user = await userOrLogIn(locale, '/account/likes');
  const [t, page] = await Promise.all([
    getTranslations('social.LikedPage'),
    getLikedModelPage(locale, user.id, pageOf(await searchParams)),
  ]);
  if (!page) notFound();
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      {page.total === 0 ? (
        <p className="page-lead">
          {t('empty')} <a href={localizedHref(locale, '/3d-models')}>{t('browse')}</a>
        </p>
      ) : (
        <>
          <p className="page-lead" data-testid="liked-total">
            {t('total', { count: page.total })}
          </p>
          <ModelGrid models={page.items} />
          <Pagination href="/account/likes" page={page.page} pageCount={page.pageCount} />
        </>
      )}
    </div>
  );
}
