import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { userOrLogIn } from '@/features/accounts/server/page-access';
import { ModelGrid } from '@/features/catalog/components/model-grid';
import { Pagination } from '@/features/catalog/components/pagination';
import { cardsInOrder } from '@/features/catalog/server/queries';
import { FollowedDesigners } from '@/features/designers/components/followed-designers';
import { getFollowingPage } from '@/features/designers/server/follows-queries';
import { localizedHref } from '@/i18n/navigation';

import { localeOf, pageOf } from '../../route-params';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('social.FollowingPage');
  return { title: t('metaTitle'), robots: { index: false } };
}

/**
 * The designers the signed-in user follows and their newest published models, a page at a time
 * (decision 0032).
 */
export default async function FollowingPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const user = await userOrLogIn(locale, '/account/following');
  const [t, following] = await Promise.all([
    getTranslations('social.FollowingPage'),
    getFollowingPage(user.id, pageOf(await searchParams)),
  ]);
  if (!following) notFound();
  const models = await cardsInOrder(locale, following.modelIds);
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      {following.designerCount === 0 ? (
        <p className="page-lead">
          {t('empty')} <a href={localizedHref(locale, '/designers')}>{t('findDesigners')}</a>
        </p>
      ) : (
        <>
          <FollowedDesigners
            locale={locale}
            designers={following.designers}
            total={following.designerCount}
          />
          <section aria-labelledby="followed-models-heading">
            <h2 id="followed-models-heading" className="section-title">
              {t('modelsHeading')}
            </h2>
            {following.modelCount === 0 ? (
              <p>{t('noModels')}</p>
            ) : (
              <>
                <ModelGrid models={models} headingLevel={3} />
                <Pagination href="/account/following" page={following.page} pageCount={following.pageCount} />
              </>
            )}
          </section>
        </>
      )}
    </div>
  );
}
