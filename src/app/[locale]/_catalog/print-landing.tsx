/**
 * The 3D-print landing (spec §2 "3D print landing"): on `/3d-print-models` without filters, the
 * print-ready search box, the print categories, the trending print models and the print formats,
 * above the listing. Every count links to a listing with that many models.
 */
import { getTranslations } from 'next-intl/server';

import { Icon } from '@/components/ui/icon';
import { listingAnchor } from '@/features/catalog/components/listing-view';
import { ModelGrid } from '@/features/catalog/components/model-grid';
import { noFilters } from '@/features/catalog/schemas';
import { getCategoryTree, getFormatCounts, getModelPage } from '@/features/catalog/server/queries';
import { AssetCollection } from '@/features/home/components/asset-collection';
import { SearchBox } from '@/features/search/components/search-box';
import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

import styles from './print-landing.module.css';

/** The formats a print is made from, with what each is for. */
const printFormats = [
  { format: 'stl', name: 'STL', icon: 'low_poly', description: 'formatStl' },
  { format: '3mf', name: '3MF', icon: 'wireframe', description: 'format3mf' },
  { format: 'obj', name: 'OBJ', icon: 'obj', description: 'formatObj' },
] as const;

/** As many as the home page's trending carousel (spec §9). */
const trendingShown = 8;

/** The landing's own search box, before the sections: the header's box also searches print models here. */
export async function PrintLandingSearch({ locale }: { locale: Locale }) {
  return (
    <div className={styles.search}>
      <SearchBox locale={locale} variant="hero" printReady />
    </div>
  );
}

export async function PrintLandingSections({ locale }: { locale: Locale }) {
  const [t, categories, trending, formatCounts] = await Promise.all([
    getTranslations('catalog.PrintLanding'),
    getCategoryTree(locale, 'print'),
    getModelPage({
      locale,
      productType: 'print',
      filters: { ...noFilters, sort: 'trending' },
      page: 1,
      perPage: trendingShown,
    }),
    getFormatCounts(
      'print',
      printFormats.map((f) => f.format),
    ),
  ]);
  return (
    <>
      <AssetCollection
        locale={locale}
        collectionType="print-models-3d"
        categories={categories}
        browseAllHref={`#${listingAnchor}`}
      />
      {trending && trending.items.length > 0 && (
        <section className={`container ${styles.section}`} aria-labelledby="print-trending-title">
          <div className={styles.header}>
            <h2 id="print-trending-title">{t('trendingTitle')}</h2>
            <a href={localizedHref(locale, '/3d-print-models', { sort: 'trending' })}>
              {t('trendingBrowseAll')}
            </a>
          </div>
          <div className={styles.strip}>
            <ModelGrid models={trending.items} eagerCount={0} headingLevel={3} />
          </div>
        </section>
      )}
      <section className={`container ${styles.section}`} aria-labelledby="print-formats-title">
        <h2 id="print-formats-title">{t('formatsTitle')}</h2>
        <ul className={styles.formats} data-list-type="print-formats">
          {printFormats.map((f, i) => (
            <li key={f.format}>
              <a href={localizedHref(locale, '/3d-print-models', { 'file_types[]': [f.format] })}>
                <Icon name={f.icon} size={28} />
                <span className={styles.formatName}>
                  {f.name} <span className={styles.extension}>.{f.format}</span>
                </span>
                <span className={styles.formatDescription}>{t(f.description)}</span>
                <span className={styles.count} data-count={formatCounts[i] ?? 0}>
                  {t('formatCount', { count: formatCounts[i] ?? 0 })}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
