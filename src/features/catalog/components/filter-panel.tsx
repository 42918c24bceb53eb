import { getFormatter, getLocale, getTranslations } from 'next-intl/server';

import { FilterForm } from '@/components/ui/filter-form';
import { WideOpenDetails } from '@/components/ui/wide-open-details';
import { localizedHref, type LocalizedTarget } from '@/i18n/navigation';
import { licenceTypes, modelBadges } from '../model-attributes';

import {
  fileFormats,
  filtersToQuery,
  minRatingChoices,
  modelFeatures,
  polyRangeKeys,
  polyRanges,
  type ListingFacets,
  type ListingFilters,
} from '../schemas';
import styles from './filter-panel.module.css';

/** The filters this panel sets; everything else (keywords, author, sort, page size) it keeps. */
const panelFilters = {
  saleOnly: false,
  freeOnly: false,
  formats: [],
  features: [],
  licences: [],
  badges: [],
  polyRanges: [],
  priceMinCents: null,
  priceMaxCents: null,
  minRating: null,
} satisfies Partial<ListingFilters>;

function activeFilterCount(filters: ListingFilters): number {
  return (
    Number(filters.saleOnly) +
    Number(filters.freeOnly) +
    filters.formats.length +
    filters.features.length +
    filters.licences.length +
    filters.badges.length +
    filters.polyRanges.length +
    Number(filters.priceMinCents !== null || filters.priceMaxCents !== null) +
    Number(filters.minRating !== null)
  );
}

const dollars = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(cents % 100 ? 2 : 0));

/**
 * The listing's filters with the number of models behind each (spec §2 listing page): a GET form, so
 * every choice is a URL (shareable, and the back button undoes it) and it works without scripts.
 * Applying filters goes back to page 1.
 */
export async function FilterPanel({
  href,
  filters,
  facets,
}: {
  href: LocalizedTarget;
  filters: ListingFilters;
  facets: ListingFacets;
}) {
  const tRating = await getTranslations('ratings.Filter');
  const [t, tLicence, tBadge, format, locale] = await Promise.all([
    getTranslations('catalog.Filters'),
    getTranslations('catalog.Licence'),
    getTranslations('catalog.Badge'),
    getFormatter(),
    getLocale(),
  ]);
  const kept = filtersToQuery({ ...filters, ...panelFilters });
  const hidden = Object.entries(kept).flatMap(([name, value]) =>
    value === null ? [] : (Array.isArray(value) ? value : [value]).map((v) => [name, v] as const),
  );
  const active = activeFilterCount(filters);

  // An option no model of the result set has is left out, unless it is ticked (it can be unticked).
  const option = (name: string, value: string, label: string, count: number, checked: boolean) =>
    count === 0 && !checked ? null : (
      <li key={`${name}=${value}`}>
        <label className={styles.option}>
          <input type="checkbox" name={name} value={value} defaultChecked={checked} />
          <span className={styles.label}>{label}</span>
          <span className={styles.count}>{format.number(count)}</span>
        </label>
      </li>
    );
  const group = (legend: string, options: ReturnType<typeof option>[]) =>
    options.some(Boolean) ? (
      <fieldset className={styles.group}>
        <legend>{legend}</legend>
        <ul>{options}</ul>
      </fieldset>
    ) : null;
  const priceField = (name: string, label: string, cents: number | null) => (
    <label>
      <span>{label}</span>
      <input
        type="number"
        name={name}
        min={0}
        step={0.01}
        inputMode="decimal"
        defaultValue={dollars(cents)}
      />
    </label>
  );
  const polyLabel = (key: (typeof polyRangeKeys)[number]) => {
    const [from, to] = polyRanges[key];
    if (from === 0 && to !== null) return t('polyUpTo', { max: to });
    return to === null ? t('polyFrom', { min: from }) : t('polyBetween', { min: from, max: to });
  };

  return (
    <aside className={styles.panel} aria-labelledby="filters-title">
      <WideOpenDetails className={styles.disclosure} open={active > 0 ? true : undefined}>
        <summary className={styles.summary}>
          <h2 id="filters-title" className={styles.title}>
            {t('title')}
          </h2>
          {active > 0 && <span className={styles.active}>{t('activeCount', { count: active })}</span>}
        </summary>
        <FilterForm
          action={localizedHref(locale, href)}
          className={styles.form}
          aria-labelledby="filters-title"
        >
          {hidden.map(([name, value]) => (
            <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
          ))}
          <fieldset className={styles.group}>
            <legend>{t('price')}</legend>
            <ul>
              {option('free', '1', t('free'), facets.free, filters.freeOnly)}
              {option('sale_off', '1', t('sale'), facets.sale, filters.saleOnly)}
            </ul>
            <div className={styles.range}>
              {priceField('price_min', t('priceMin'), filters.priceMinCents)}
              {priceField('price_max', t('priceMax'), filters.priceMaxCents)}
            </div>
          </fieldset>
          {(filters.minRating !== null || minRatingChoices.some((choice) => facets.ratings[choice] > 0)) && (
            // One minimum at a time: radio buttons ("any" sends nothing: the form drops blank fields).
            <fieldset className={styles.group}>
              <legend>{tRating('legend')}</legend>
              <ul>
                <li>
                  <label className={styles.option}>
                    <input
                      type="radio"
                      name="min_rating"
                      value=""
                      defaultChecked={filters.minRating === null}
                    />
                    <span className={styles.label}>{tRating('any')}</span>
                  </label>
                </li>
                {minRatingChoices.map((choice) =>
                  facets.ratings[choice] === 0 && filters.minRating !== choice ? null : (
                    <li key={choice}>
                      <label className={styles.option}>
                        <input
                          type="radio"
                          name="min_rating"
                          value={choice}
                          defaultChecked={filters.minRating === choice}
                        />
                        <span className={styles.label}>{tRating('atLeast', { stars: choice })}</span>
                        <span className={styles.count}>{format.number(facets.ratings[choice])}</span>
                      </label>
                    </li>
                  ),
                )}
              </ul>
            </fieldset>
          )}
          {group(
            t('formats'),
            fileFormats.map((f) =>
              option('file_types[]', f, f.toUpperCase(), facets.formats[f], filters.formats.includes(f)),
            ),
          )}
          {group(
            t('features'),
            modelFeatures.map((f) =>
              option('features[]', f, t(`feature.${f}`), facets.features[f], filters.features.includes(f)),
            ),
          )}
          {group(
            t('poly'),
            polyRangeKeys.map((key) =>
              option('poly[]', key, polyLabel(key), facets.poly[key], filters.polyRanges.includes(key)),
            ),
          )}
          {group(
            t('licence'),
            licenceTypes.map((l) =>
              option('licenses[]', l, tLicence(l), facets.licences[l], filters.licences.includes(l)),
            ),
          )}
          {group(
            t('badges'),
            modelBadges.map((b) =>
              option('badges[]', b, tBadge(b), facets.badges[b], filters.badges.includes(b)),
            ),
          )}
          <div className={styles.actions}>
            <button type="submit" className={styles.apply}>
              {t('apply')}
            </button>
            {active > 0 && <a href={localizedHref(locale, href, kept)}>{t('clear')}</a>}
          </div>
        </FilterForm>
      </WideOpenDetails>
    </aside>
  );
}
