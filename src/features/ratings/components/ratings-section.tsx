import type { ReactNode } from 'react';
import { getFormatter, getTranslations } from 'next-intl/server';

import { Rating } from '@/components/ui/rating';

import { maxStars, minStars, replyMaxLength, reviewBodyMaxLength, type ModelReviewsPage } from '../api';
import { RatingForm, type RatingFormLabels } from './rating-form';
import { ReplyForm, type ReplyFormLabels } from './reply-form';
import styles from './ratings.module.css';

/** What the visitor may do here: rate (a buyer, with their rating if any), answer (the designer), or neither. */
export type RatingViewer =
  | { kind: 'guest'; logInHref: string }
  | { kind: 'not_buyer' }
  | { kind: 'buyer'; own: { stars: number; body: string } | null }
  | { kind: 'designer'; designer: string };

/**
 * The model page's "Ratings and reviews" (decision 0047): the average and count, the visitor's rating
 * form (or why there is none), and a page of the reviews (newest first) with the designer's answers and
 * links to the other pages.
 */
export async function RatingsSection({
  modelId,
  designer,
  reviews,
  viewer,
  viewerUsername,
  report,
  pageHref,
}: {
  modelId: number;
  designer: string;
  reviews: ModelReviewsPage;
  viewer: RatingViewer;
  /** The signed-in visitor (they may report others' reviews), or null. */
  viewerUsername: string | null;
  /** The moderation queue's report form for a review (composed in by the page). */
  report?: (reviewId: number) => ReactNode;
  /** The model page showing this page of reviews (links work without JavaScript). */
  pageHref: (page: number) => string;
}) {
  const t = await getTranslations('ratings.Section');
  const format = await getFormatter();
  const average = format.number(reviews.ratingAverage, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const formLabels: RatingFormLabels = {
    title: viewer.kind === 'buyer' && viewer.own ? t('editTitle') : t('formTitle'),
    starsLegend: t('starsLegend'),
    reviewLabel: t('reviewLabel'),
    reviewHint: t('reviewHint', { max: reviewBodyMaxLength }),
    submit: t('submit'),
    saving: t('saving'),
    chooseStars: t('chooseStars'),
    tooLong: t('tooLong', { max: reviewBodyMaxLength }),
    failed: t('failed'),
    rateLimited: t('rateLimited'),
    notBuyer: t('notBuyer'),
    ownModel: t('ownModel'),
    banned: t('banned'),
  };
  const replyLabels: ReplyFormLabels = {
    replyLabel: t('replyLabel'),
    replySubmit: t('replySubmit'),
    saving: t('saving'),
    replyRequired: t('replyRequired'),
    tooLong: t('tooLong', { max: replyMaxLength }),
    replyConflict: t('replyConflict'),
    failed: t('failed'),
    rateLimited: t('rateLimited'),
    banned: t('banned'),
  };
  const starOptions = Array.from({ length: maxStars - minStars + 1 }, (_, stars) =>
    t('starOption', { stars }),
  );
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium' });

  return (
    <section
      id="ratings"
      className={styles.section}
      aria-labelledby="ratings-heading"
      data-testid="model-ratings"
    >
      <h2 id="ratings-heading" className={styles.heading}>
        {t('heading')}
      </h2>
      {reviews.ratingCount > 0 ? (
        <p className={styles.summary} data-testid="rating-summary">
          <Rating readonly value={reviews.ratingAverage} label={t('starsLabel', { stars: average })} />
          <span>{t('summary', { average, count: reviews.ratingCount })}</span>
        </p>
      ) : (
        <p className={styles.summary}>{t('noRatings')}</p>
      )}
      {viewer.kind === 'guest' && (
        <p className={styles.notice}>
          {t('guestPrompt')} <a href={viewer.logInHref}>{t('logIn')}</a>
        </p>
      )}
      {viewer.kind === 'not_buyer' && (
        <p className={styles.notice} data-testid="rating-refused">
          {t('notBuyer')}
        </p>
      )}
      {viewer.kind === 'buyer' && (
        <RatingForm
          endpoint={`/api/internal/items/${modelId}/ratings`}
          initial={viewer.own}
          labels={formLabels}
          starOptions={starOptions}
        />
      )}
      {reviews.reviews.length > 0 && (
        <ol className={styles.list}>
          {reviews.reviews.map((review) => (
            <li key={review.id}>
              <article className={styles.review} data-testid="review">
                <header className={styles.reviewHead}>
                  <h3 className={styles.author}>{review.author.displayName ?? review.author.username}</h3>
                  <Rating readonly value={review.stars} label={t('starsLabel', { stars: review.stars })} />
                  <time className={styles.date} dateTime={review.createdAt}>
                    {date(review.createdAt)}
                  </time>
                  {review.editedAt && <span className={styles.date}>({t('edited')})</span>}
                </header>
                {review.hidden ? (
                  <p className={styles.muted}>{t('hidden')}</p>
                ) : (
                  review.body && <p className={styles.body}>{review.body}</p>
                )}
                {review.reply ? (
                  <div className={styles.reply} data-testid="review-reply">
                    <p className={styles.replyHead}>{t('designerAnswer', { designer })}</p>
                    <p className={styles.body}>{review.reply.body}</p>
                  </div>
                ) : (
                  viewer.kind === 'designer' && (
                    <ReplyForm endpoint={`/api/internal/ratings/${review.id}/reply`} labels={replyLabels} />
                  )
                )}
                {report &&
                viewerUsername !== null &&
                viewerUsername !== review.author.username &&
                review.body &&
                !review.hidden
                  ? report(review.id)
                  : null}
              </article>
            </li>
          ))}
        </ol>
      )}
      {reviews.pageCount > 1 && (
        <nav className={styles.pager} aria-label={t('reviewPages')} data-testid="review-pager">
          {reviews.page > 1 && (
            <a href={pageHref(reviews.page - 1)} rel="prev">
              {t('newerReviews')}
            </a>
          )}
          <span aria-current="page">
            {t('reviewsPage', { page: reviews.page, pageCount: reviews.pageCount })}
          </span>
          {reviews.page < reviews.pageCount && (
            <a href={pageHref(reviews.page + 1)} rel="next">
              {t('olderReviews')}
            </a>
          )}
        </nav>
      )}
    </section>
  );
}
