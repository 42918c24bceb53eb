import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { ListingView } from '@/features/catalog/components/listing-view';
import { parseListingFilters } from '@/features/catalog/schemas';
import { getListingFacets, getModelPage } from '@/features/catalog/server/queries';
import { subscribeBanner } from '@/features/saved-searches/components/subscribe-banner';

import { languageAlternates } from '@/i18n/language-alternates';
import { redirectWithoutBlankParams } from '../_catalog/blank-params';
import { localeOf, pageOf } from '../route-params';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeOf(params);
  const t = await getTranslations('catalog.ListingPage');
  return {
    title: t('freeTitle'),
    description: t('freeDescription'),
    alternates: languageAlternates(locale, () => '/free-3d-models'),
  };
}

/** Free models of both kinds (the footer's "free models"), most trending first. */
export default async function FreeModelsPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const query = await searchParams;
  redirectWithoutBlankParams(locale, '/free-3d-models', query);
  const t = await getTranslations('catalog.ListingPage');
  const filters = { ...parseListingFilters(query), freeOnly: true };
  const [page, facets] = await Promise.all([
    getModelPage({ locale, filters, page: pageOf(query) }),
    getListingFacets({ locale, filters }),
  ]);
  if (!page) notFound();
  return (
    <ListingView
      subscribeBanner={subscribeBanner}
      productType="models"
      category={null}
      topCategories={[]}
      page={page}
      facets={facets}
      filters={{ ...filters, freeOnly: false }}
      heading={{ title: t('freeTitle'), description: t('freeDescription') }}
      paginationTarget="/free-3d-models"
      searchScope={{ productType: null, filters }}
    />
  );
}
