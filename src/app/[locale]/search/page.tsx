import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { ListingView } from '@/features/catalog/components/listing-view';
import { parseListingFilters } from '@/features/catalog/schemas';
import { getListingFacets, getModelPage } from '@/features/catalog/server/queries';

import { localeOf, pageOf } from '../route-params';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await localeOf(params);
  const t = await getTranslations('search.SearchPage');
  return { title: t('metaTitle'), robots: { index: false, follow: true } };
}

/**
 * `/search?keywords=…[&author=…][&print_ready=1]` and the listing's filters: models whose title or tags
 * match the query language, best match first.
 */
export default async function SearchPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const query = await searchParams;
  const filters = parseListingFilters(query);
  const t = await getTranslations('search.SearchPage');
  const productType = filters.printReady ? 'print' : undefined;
  const [page, facets] = await Promise.all([
    getModelPage({ locale, productType, filters, page: pageOf(query) }),
    getListingFacets({ locale, productType, filters }),
  ]);
  if (!page) notFound();
  const { keywords, author } = filters;
  const title =
    keywords && author
      ? t('titleForByAuthor', { keywords, author })
      : keywords
        ? t('titleFor', { keywords })
        : author
          ? t('titleByAuthor', { author })
          : t('title');
  return (
    <ListingView
      productType={productType ?? 'models'}
      category={null}
      topCategories={[]}
      page={page}
      facets={facets}
      filters={filters}
      heading={{ title, description: t('description') }}
      paginationTarget="/search"
      searchScope={{ productType: productType ?? null, filters }}
    />
  );
}
