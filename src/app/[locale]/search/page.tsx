import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { ListingView } from '@/features/catalog/components/listing-view';
import { filtersToQuery, parseListingFilters } from '@/features/catalog/schemas';
import { getListingFacets, getModelPage } from '@/features/catalog/server/queries';
import { subscribeBanner } from '@/features/saved-searches/components/subscribe-banner';

import { localizedHref } from '@/i18n/navigation';

import { redirectWithoutBlankParams } from '../_catalog/blank-params';
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
  redirectWithoutBlankParams(locale, '/search', query);
  const filters = parseListingFilters(query);
  const [t, tPrint] = await Promise.all([
    getTranslations('search.SearchPage'),
    getTranslations('search.PrintReadySearch'),
  ]);
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
      subscribeBanner={subscribeBanner}
      productType={productType ?? 'models'}
      category={null}
      topCategories={[]}
      page={page}
      facets={facets}
      filters={filters}
      heading={{ title, description: t('description') }}
      notice={
        filters.printReady ? (
          <p data-print-ready-notice="">
            {tPrint('onlyPrintReady')}{' '}
            <a href={localizedHref(locale, '/search', filtersToQuery({ ...filters, printReady: false }))}>
              {tPrint('searchEverything')}
            </a>
          </p>
        ) : undefined
      }
      paginationTarget="/search"
      searchScope={{ productType: productType ?? null, filters }}
    />
  );
}
