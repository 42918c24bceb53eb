import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { Pagination } from '@/features/catalog/components/pagination';
import { DesignerList } from '@/features/designers/components/designer-list';
import { getDesignerPage } from '@/features/designers/server/queries';

import { languageAlternates } from '@/i18n/language-alternates';
import { localeOf, pageOf } from '../route-params';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeOf(params);
  const t = await getTranslations('designers.Directory');
  return {
    title: t('title'),
    description: t('description'),
    alternates: languageAlternates(locale, () => '/designers'),
  };
}

/** The designers directory, most viewed first. */
export default async function DesignersPage({ params, searchParams }: Props) {
  await localeOf(params);
  const t = await getTranslations('designers.Directory');
  const page = await getDesignerPage(pageOf(await searchParams));
  if (!page) notFound();
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('description')}</p>
      <p>{t('count', { count: page.total })}</p>
      <DesignerList designers={page.items} />
      <Pagination href="/designers" page={page.page} pageCount={page.pageCount} />
    </div>
  );
}
