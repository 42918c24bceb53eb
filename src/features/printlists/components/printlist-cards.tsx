import { getFormatter, getLocale, getTranslations } from 'next-intl/server';

import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

import type { PrintlistSummary } from '../api';
import styles from './printlists.module.css';

/** Lists as cards: a mosaic of their first models, the title, the owner and the model count. */
export async function PrintlistCards({
  lists,
  headingLevel = 2,
  showOwner = true,
}: {
  lists: PrintlistSummary[];
  headingLevel?: 2 | 3;
  showOwner?: boolean;
}) {
  const [t, locale, format] = await Promise.all([
    getTranslations('printlists.Card'),
    getLocale() as Promise<Locale>,
    getFormatter(),
  ]);
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className={styles.grid} data-testid="printlist-cards">
      {lists.map((list) => (
        <li key={list.id}>
          <article className={styles.card}>
            <a
              className={styles.cardLink}
              href={getPathname({
                locale,
                href: { pathname: '/printlists/[id]', params: { id: String(list.id) } },
              })}
            >
              <div className={styles.mosaic} aria-hidden="true">
                {list.previews.slice(0, 4).map((src) => (
                  <img key={src} src={src} alt="" loading="lazy" width={160} height={120} />
                ))}
              </div>
              <Heading className={styles.cardTitle}>
                {list.title}
                {list.visibility === 'private' && <em className={styles.badge}>{t('private')}</em>}
              </Heading>
              <p className={styles.cardMeta}>
                {showOwner ? `${t('by', { username: list.ownerUsername })} · ` : ''}
                {t('models', { count: list.modelCount })} ·{' '}
                {t('updated', { date: format.dateTime(new Date(list.updatedAt), { dateStyle: 'medium' }) })}
              </p>
            </a>
          </article>
        </li>
      ))}
    </ul>
  );
}
