import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { BecomeSeller } from '@/features/studio/components/become-seller';
import { StudioModelList } from '@/features/studio/components/studio-model-list';
import { studioListTexts } from '@/features/studio/components/studio-texts';
import { getSellerModels, studioPageSize } from '@/features/studio/server/queries';
import { getPathname } from '@/i18n/navigation';
import { hasRole } from '@/server/auth/visitor';
import { userOrLogIn } from '@/features/accounts/server/page-access';

import { localeOf, pageOf } from '../route-params';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('studio.MyModels');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** "My models" (spec §2 seller menu): every model the seller uploaded, with its status and review. */
export default async function StudioPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const user = await userOrLogIn(locale, '/studio');
  if (!hasRole(user, 'seller')) return <BecomeSeller then={getPathname({ locale, href: '/studio/new' })} />;
  const page = pageOf(await searchParams);
  const [t, pagination, { models, total }, texts] = await Promise.all([
    getTranslations('studio.MyModels'),
    getTranslations('catalog.Pagination'),
    getSellerModels(user, page),
    studioListTexts(),
  ]);
  const pages = Math.max(1, Math.ceil(total / studioPageSize));
  const pageHref = (n: number) => `${getPathname({ locale, href: '/studio' })}?page=${n}`;
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('lead')}</p>
      <p>
        <a className="button" href={getPathname({ locale, href: '/studio/new' })}>
          {t('upload')}
        </a>{' '}
        <a className="button button-secondary" href={getPathname({ locale, href: '/studio/sales' })}>
          {t('sales_link')}
        </a>{' '}
        <a className="button button-secondary" href={getPathname({ locale, href: '/studio/analytics' })}>
          {t('analytics_link')}
        </a>
      </p>
      <p>{t('total', { count: total })}</p>
      {models.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <StudioModelList
          models={models}
          locale={locale}
          texts={texts}
          hrefOf={(id) =>
            getPathname({ locale, href: { pathname: '/studio/models/[id]', params: { id: String(id) } } })
          }
        />
      )}
      {pages > 1 ? (
        <nav aria-label={pagination('label')}>
          <p>
            {page > 1 ? <a href={pageHref(page - 1)}>{pagination('previous')}</a> : null}{' '}
            <span aria-current="page">{pagination('page', { page })}</span>{' '}
            {page < pages ? <a href={pageHref(page + 1)}>{pagination('next')}</a> : null}
          </p>
        </nav>
      ) : null}
    </div>
  );
}
