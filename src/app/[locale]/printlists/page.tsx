import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { Pagination } from '@/features/catalog/components/pagination';
import { printlistsPerPage } from '@/features/printlists/api';
import { PrintlistCards } from '@/features/printlists/components/printlist-cards';
import { PrintlistForm } from '@/features/printlists/components/printlist-form';
import { getPrintlistsOf, getPublicPrintlists } from '@/features/printlists/server/queries';
import { languageAlternates } from '@/i18n/language-alternates';
import { getPathname, localizedHref } from '@/i18n/navigation';
import { currentUser } from '@/server/auth/visitor';

import { localeOf, pageOf } from '../route-params';
import { printlistFormLabels } from './form-labels';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeOf(params);
  const t = await getTranslations('printlists.Index');
  return {
    title: t('metaTitle'),
    description: t('lead'),
    alternates: languageAlternates(locale, () => '/printlists'),
  };
}

/** Issue 25: the public printlists, newest change first; a signed-in user's own lists and a new one on top. */
export default async function PrintlistsPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const page = pageOf(await searchParams);
  const [t, user, { lists, total }] = await Promise.all([
    getTranslations('printlists.Index'),
    currentUser(),
    getPublicPrintlists(locale, page),
  ]);
  const own = user ? await getPrintlistsOf(locale, user.id, user.id) : [];
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('lead')}</p>
      {user ? (
        <section aria-labelledby="own-printlists-heading">
          <h2 id="own-printlists-heading" className="section-title">
            {t('yours')}
          </h2>
          {own.length === 0 ? (
            <p>{t('noneYet')}</p>
          ) : (
            <PrintlistCards lists={own} headingLevel={3} showOwner={false} />
          )}
          <details open={own.length === 0}>
            <summary className="button button-secondary">{t('new')}</summary>
            <PrintlistForm
              url="/api/internal/printlists"
              initial={{ title: '', description: '', visibility: 'public' }}
              openHref={getPathname({
                locale,
                href: { pathname: '/printlists/[id]', params: { id: 'PRINTLIST_ID' } },
              })}
              labels={await printlistFormLabels('create')}
            />
          </details>
        </section>
      ) : (
        <p>
          <a href={localizedHref(locale, '/login', { next: getPathname({ locale, href: '/printlists' }) })}>
            {t('logIn')}
          </a>{' '}
          {t('logInPrompt')}
        </p>
      )}
      <section aria-labelledby="public-printlists-heading">
        <h2 id="public-printlists-heading" className="section-title">
          {t('public')}
        </h2>
        {lists.length === 0 ? <p>{t('publicEmpty')}</p> : <PrintlistCards lists={lists} headingLevel={3} />}
        <Pagination href="/printlists" page={page} pageCount={Math.ceil(total / printlistsPerPage)} />
      </section>
    </div>
  );
}
