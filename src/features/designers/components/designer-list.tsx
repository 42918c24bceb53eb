import { useLocale, useTranslations } from 'next-intl';

import { Avatar } from '@/components/ui/avatar';
import { Rating } from '@/components/ui/rating';
import { localizedHref } from '@/i18n/navigation';

import type { DesignerSummaryDto } from '../schemas';
import styles from './designer-list.module.css';

/** The designers directory's cards: avatar, name, rating and number of models. */
export function DesignerList({ designers }: { designers: DesignerSummaryDto[] }) {
  const t = useTranslations('designers.Directory');
  const locale = useLocale();
  return (
    <ul className={styles.list}>
      {designers.map((designer) => {
        const rating = designer.rating.toFixed(1);
        return (
          <li key={designer.id}>
            <a
              className={styles.card}
              href={localizedHref(locale, {
                pathname: '/designers/[username]',
                params: { username: designer.username },
              })}
            >
              <Avatar username={designer.username} image={designer.avatar} size={64} />
              <span className={styles.text}>
                <span className={styles.name}>{designer.username}</span>
                <span className={styles.meta}>
                  <Rating readonly value={designer.rating} label={t('rating', { rating })} />
                  <span aria-hidden="true">{rating}</span>
                </span>
                <span className={styles.meta}>{t('models', { count: designer.totalModels })}</span>
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
