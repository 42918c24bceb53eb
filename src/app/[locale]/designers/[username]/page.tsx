import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { ModelGrid } from '@/features/catalog/components/model-grid';
import { Pagination } from '@/features/catalog/components/pagination';
import { noFilters } from '@/features/catalog/schemas';
import { getModelPage } from '@/features/catalog/server/queries';
import { DesignerProfile } from '@/features/designers/components/designer-profile';
import { getDesignerByUsername } from '@/features/designers/server/queries';

import { languageAlternates } from '../../_catalog/language-alternates';
import { localeOf, pageOf } from '../../_catalog/catalog-routes';

type Props = {
  params: Promise<{ locale: string; username: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

async function designerOf(params: Props['params']) {
  const { username } = await params;
  const designer = await getDesignerByUsername(decodeURIComponent(username));
  if (!designer) notFound();
  return designer;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeOf(params);
  const designer = await designerOf(params);
  const t = await getTranslations('designers.Profile');
  return {
    title: t('metaTitle', { username: designer.username }),
    description: designer.about.slice(0, 160) || t('metaTitle', { username: designer.username }),
    alternates: languageAlternates(locale, () => ({
      pathname: '/designers/[username]',
      params: { username: designer.username },
    })),
  };
}

/** A designer's profile and models (the tabs for reviews, gallery and tutorials come with issue 5). */
export default async function DesignerPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const designer = await designerOf(params);
  const t = await getTranslations('designers.Profile');
  const page = await getModelPage({
    locale,
    filters: { ...noFilters, author: designer.username },
    page: pageOf(await searchParams),
  });
  if (!page) notFound();
  return (
    <div className="container">
      <DesignerProfile designer={designer} />
      <h2 className="section-title">{t('modelsHeading', { count: page.total })}</h2>
      <ModelGrid models={page.items} headingLevel={3} />
      <Pagination
        href={{ pathname: '/designers/[username]', params: { username: designer.username } }}
        page={page.page}
        pageCount={page.pageCount}
      />
    </div>
  );
}
