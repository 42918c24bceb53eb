import { getTranslations } from 'next-intl/server';

import { Icon } from '@/components/ui/icon';
import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

import { browseFormats, browseTypes } from '../home-config';
import type { HomeCategory } from '../schemas';
import styles from './model-filters.module.css';

export interface FilterCounts {
  free: number;
  sale: number;
  /** One count per `browseFormats` entry, in order. */
  formats: number[];
}

/**
 * Spec §1 "Model filters": promo cards (sale, and free with the free-items count badge), browse by type
 * (categories) and browse by format, each with its model count.
 */
export async function ModelFilters({
  locale,
  categories,
  counts,
}: {
  locale: Locale;
  categories: HomeCategory[];
  counts: FilterCounts;
}) {
  const t = await getTranslations('home.Filters');
  const types = browseTypes.flatMap((icon) => {
    const category = categories.find((c) => c.icon === icon);
    return category ? [{ icon, category }] : [];
  });
  const promos = [
    {
      variant: 'sale',
      icon: 'on_sale',
      title: t('saleTitle'),
      badge: t('saleBadge'),
      href: localizedHref(locale, '/3d-models', { page: 1, sale_off: 1 }),
    },
    {
      variant: 'free',
      icon: 'free_item',
      title: t('freeTitle'),
      badge: t('freeBadge', { count: counts.free }),
      href: localizedHref(locale, '/3d-models', { page: 1, free: 1 }),
    },
  ] as const;

  return (
    <section className={`container ${styles.section}`} aria-labelledby="filters-title">
      <h2 id="filters-title">{t('title')}</h2>
      <div className={styles.layout}>
        <ul className={styles.promos}>
          {promos.map((promo) => (
            <li key={promo.variant}>
              <a
                className={`${styles.promo} ${styles[promo.variant]}`}
                href={promo.href}
                data-promo={promo.variant}
              >
                <Icon name={promo.icon} size={32} />
                <span className={styles.promoTitle}>{promo.title}</span>
                <span className={styles.badge}>{promo.badge}</span>
              </a>
            </li>
          ))}
        </ul>
        <div className={styles.lists}>
          <div>
            <h3 className={styles.listTitle}>{t('byType')}</h3>
            <ul className={styles.list} data-list-type="types">
              {types.map(({ icon, category }) => (
                <li key={icon}>
                  <a
                    href={localizedHref(locale, {
                      pathname: '/3d-models/[...path]',
                      params: { path: category.path.split('/') },
                    })}
                  >
                    <Icon name={icon} />
                    <span className={styles.name}>{category.title}</span>
                    <span className={styles.count}>{t('count', { count: category.itemCount })}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className={styles.listTitle}>{t('byFormat')}</h3>
            <ul className={styles.list} data-list-type="formats">
              {browseFormats.map((format, i) => (
                <li key={format.icon}>
                  <a href={localizedHref(locale, '/3d-models', { page: 1, ...format.query })}>
                    <Icon name={format.icon} />
                    <span className={styles.name}>
                      {format.name}
                      {format.extensions.length > 0 && (
                        <span className={styles.extensions}>{format.extensions.join(' ')}</span>
                      )}
                    </span>
                    <span className={styles.count}>{t('count', { count: counts.formats[i] ?? 0 })}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}
