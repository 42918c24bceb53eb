import { useLocale, useTranslations } from 'next-intl';

import { Avatar } from '@/components/ui/avatar';
import { Rating } from '@/components/ui/rating';
import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

import { formatDate } from '../format';
import type { DesignerReviewDto, ReviewDirection } from '../schemas';
import styles from './review-list.module.css';

/**
 * Reviews a designer received or gave: the other party (avatar, and a link to their profile when they
 * are a designer), the verdict, the stars, the date and the text.
 */
export function ReviewList({
  reviews,
  direction,
}: {
  reviews: DesignerReviewDto[];
  direction: ReviewDirection;
}) {
  const t = useTranslations('designers.Reviews');
  const locale = useLocale() as Locale;
  if (reviews.length === 0) {
    return <p className={styles.empty}>{direction === 'received' ? t('emptyReceived') : t('emptyGiven')}</p>;
  }
  return (
    <ol className={styles.list}>
      {reviews.map((review) => {
        const { username } = review.other;
        return (
          <li key={review.id}>
            <article
              className={styles.review}
              data-verdict={review.positive ? 'positive' : 'negative'}
              data-created-at={review.createdAt}
            >
              <Avatar username={username} image={review.other.avatar} size={40} />
              <div className={styles.main}>
                <header className={styles.head}>
                  <h3 className={styles.party}>
                    <span className="visually-hidden">{direction === 'received' ? t('from') : t('to')} </span>
                    {review.other.isDesigner ? (
                      <a
                        href={localizedHref(locale, {
                          pathname: '/designers/[username]',
                          params: { username },
                        })}
                      >
                        {username}
                      </a>
                    ) : (
                      username
                    )}
                  </h3>
                  <span className={review.positive ? styles.positive : styles.negative}>
                    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
                      <path
                        d={
                          review.positive
                            ? 'M2 21h4V9H2zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3a1.5 1.5 0 0 0-.5-1L13.1 1 6.6 7.6A2 2 0 0 0 6 9v10a2 2 0 0 0 2 2h9a2 2 0 0 0 1.8-1.2l3-7.1.2-.7z'
                            : 'M22 3h-4v12h4zM2 14a2 2 0 0 0 2 2h6.3l-1 4.6v.3a1.5 1.5 0 0 0 .5 1l1.1 1.1 6.5-6.6A2 2 0 0 0 18 15V5a2 2 0 0 0-2-2H7a2 2 0 0 0-1.8 1.2l-3 7.1L2 12z'
                        }
                      />
                    </svg>
                    {review.positive ? t('positive') : t('negative')}
                  </span>
                  <Rating readonly value={review.rating} label={t('stars', { rating: review.rating })} />
                  <time className={styles.date} dateTime={review.createdAt}>
                    {formatDate(locale, review.createdAt, { dateStyle: 'medium' })}
                  </time>
                </header>
                <p className={styles.body}>{review.body}</p>
              </div>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
