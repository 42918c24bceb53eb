/**
 * A saved search in words (the saved-searches page and the digest email): what it searches for and
 * where, and each of its filters, with the listing's own filter names.
 */
import { polyRanges, type ListingFilters, type PolyRange, type ProductType } from '@/features/catalog/api';

/** A translator over the whole message tree (`getTranslations()` or `createTranslator` without namespace). */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

export interface SearchInWords {
  /** “dragon” in Characters; or the category or listing alone. */
  title: string;
  /** One line per filter, e.g. "File formats: FBX, OBJ". */
  details: string[];
}

function polyLabel(t: Translate, key: PolyRange): string {
  const [from, to] = polyRanges[key];
  if (from === 0 && to !== null) return t('catalog.Filters.polyUpTo', { max: to });
  return to === null
    ? t('catalog.Filters.polyFrom', { min: from })
    : t('catalog.Filters.polyBetween', { min: from, max: to });
}

export function describeSearch(
  t: Translate,
  locale: string,
  search: { productType: ProductType | null; categoryTitle: string | null; filters: ListingFilters },
): SearchInWords {
  const { filters } = search;
  const where =
    search.categoryTitle ??
    (search.productType === 'print'
      ? t('catalog.ListingPage.printModelsTitle')
      : search.productType === 'models'
        ? t('catalog.ListingPage.modelsTitle')
        : t('savedSearches.Describe.wholeCatalogue'));
  const title = filters.keywords
    ? t('savedSearches.Describe.keywordsIn', { keywords: filters.keywords, where })
    : where;
  const list = (values: readonly string[]) => values.join(', ');
  const money = (cents: number) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100);
  const details: string[] = [];
  if (filters.author) details.push(t('savedSearches.Describe.author', { author: filters.author }));
  if (filters.freeOnly) details.push(t('catalog.Filters.free'));
  if (filters.saleOnly) details.push(t('catalog.Filters.sale'));
  const { priceMinCents: min, priceMaxCents: max } = filters;
  if (min !== null && max !== null)
    details.push(t('savedSearches.Describe.priceBetween', { min: money(min), max: money(max) }));
  else if (min !== null) details.push(t('savedSearches.Describe.priceFrom', { min: money(min) }));
  else if (max !== null) details.push(t('savedSearches.Describe.priceUpTo', { max: money(max) }));
  const group = (name: string, values: string[]) => {
    if (values.length > 0) details.push(`${t(name)}: ${list(values)}`);
  };
  group(
    'catalog.Filters.formats',
    filters.formats.map((f) => f.toUpperCase()),
  );
  group(
    'catalog.Filters.features',
    filters.features.map((f) => t(`catalog.Filters.feature.${f}`)),
  );
  group(
    'catalog.Filters.poly',
    filters.polyRanges.map((key) => polyLabel(t, key)),
  );
  group(
    'catalog.Filters.licence',
    filters.licences.map((l) => t(`catalog.Licence.${l}`)),
  );
  group(
    'catalog.Filters.badges',
    filters.badges.map((b) => t(`catalog.Badge.${b}`)),
  );
  if (filters.excludePrint) details.push(t('savedSearches.Describe.withoutPrint'));
  if (filters.printReady) details.push(t('savedSearches.Describe.printReady'));
  return { title, details };
}
