import { getTranslations } from 'next-intl/server';

import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

import type { MakeCardDto } from '../schemas';
import styles from './makes.module.css';

export function makeHref(locale: Locale, id: number): string {
  return getPathname({ locale, href: { pathname: '/galleries/makes/[id]', params: { id: String(id) } } });
}

/** Makes as cards: the first picture (to the make's page), the model, the maker, the likes. */
export async function MakeGrid({
  locale,
  makes,
  headingLevel = 3,
  showModel = true,
}: {
  locale: Locale;
  makes: MakeCardDto[];
  headingLevel?: 2 | 3;
  showModel?: boolean;
}) {
  const t = await getTranslations('makes.Card');
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className={styles.grid} data-testid="make-grid">
      {makes.map((make, index) => {
        const picture = make.pictures[0];
        const href = makeHref(locale, make.id);
        return (
          <li key={make.id} data-testid="make-card">
            <article className={styles.card}>
              {picture && (
                <a className={styles.picture} href={href} tabIndex={-1} aria-hidden="true">
                  <img
                    src={picture.src}
                    srcSet={picture.srcSet}
                    sizes="(min-width: 964px) 300px, (min-width: 576px) 33vw, 50vw"
                    width={picture.width}
                    height={picture.height}
                    alt=""
                    loading={index < 4 ? 'eager' : 'lazy'}
                    decoding="async"
                  />
                </a>
              )}
              <div className={styles.body}>
                <Heading className={styles.title}>
                  <a href={href}>{t('makeOf', { model: make.model.title })}</a>
                </Heading>
                <span className={styles.meta}>{t('by', { username: make.maker.username })}</span>
                <span className={styles.meta} data-testid="make-likes">
                  {t('likes', { count: make.likes })}
                </span>
                {showModel && make.model.url && (
                  <a href={make.model.url} className={styles.meta}>
                    {make.model.title}
                  </a>
                )}
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
