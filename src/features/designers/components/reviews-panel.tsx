import { useLocale, useTranslations } from 'next-intl';

import type { Locale } from '@/i18n/routing';

import {
  reviewDirections,
  reviewSorts,
  type DesignerReviewPage,
  type ReviewDirection,
  type ReviewSort,
} from '../schemas';
import { OptionLinks } from './option-links';
import { profileTabHref } from './profile-tabs';
import { ReviewList } from './review-list';
import { SectionHead } from './section-head';
import styles from './reviews-panel.module.css';

/**
 * The reviews tab: received or given, the positive and negative counts, the sort (spec §9: newest
 * first, positive first, negative first) and one page of reviews. Pagination comes after it.
 */
export function ReviewsPanel({
  username,
  reviews,
  direction,
  sort,
}: {
  username: string;
  reviews: DesignerReviewPage;
  direction: ReviewDirection;
  sort: ReviewSort;
}) {
  const t = useTranslations('designers.Reviews');
  const locale = useLocale() as Locale;
  const href = (change: { reviews?: ReviewDirection; sort?: ReviewSort }) => {
    const next = { reviews: direction, sort, ...change };
    return profileTabHref(locale, username, 'reviews', {
      reviews: next.reviews === reviewDirections[0] ? null : next.reviews,
      sort: next.sort === reviewSorts[0] ? null : next.sort,
    });
  };
  return (
    <section aria-labelledby="reviews-heading">
      <SectionHead
        id="reviews-heading"
        title={direction === 'received' ? t('headingReceived') : t('headingGiven')}
      />
      <div className={styles.toolbar}>
        <OptionLinks
          label={t('show')}
          options={reviewDirections.map((key) => ({
            key,
            label: t(key),
            href: href({ reviews: key, sort: reviewSorts[0] }),
            current: key === direction,
          }))}
        />
        <p className={styles.counts}>
          <span className={styles.positive}>{t('positiveCount', { count: reviews.counts.positive })}</span>
          <span className={styles.negative}>{t('negativeCount', { count: reviews.counts.negative })}</span>
        </p>
      </div>
      {reviews.total > 1 && (
        <div className={styles.sort}>
          <OptionLinks
            label={t('sortBy')}
            options={reviewSorts.map((key) => ({
              key,
              label: t(`sort.${key}`),
              href: href({ sort: key }),
              current: key === sort,
            }))}
          />
        </div>
      )}
      <ReviewList reviews={reviews.items} direction={direction} />
    </section>
  );
}
