/** Model reviews in the moderation queue (decisions 0043, 0047): the admin hides or shows a review's text. */
import { getTranslations } from 'next-intl/server';

import { getModelCardsByIds } from '@/features/catalog/server/api';
import type { ModerationSubjectType, ReportedContent } from '@/features/moderation/server/api';

import { findReviewsForModeration, isPublicReview } from './repository';

export const reviewSubject: ModerationSubjectType = {
  isReportable: (subjectId) => isPublicReview(subjectId),

  async describe(subjectIds, locale) {
    const reviews = await findReviewsForModeration(subjectIds);
    const [t, cards] = await Promise.all([
      getTranslations({ locale, namespace: 'ratings.Moderation' }),
      getModelCardsByIds(locale, [...new Set(reviews.map((review) => review.modelId))]),
    ]);
    const urlOf = new Map(cards.map((card) => [card.id, card.url]));
    const described = new Map<number, ReportedContent>();
    for (const review of reviews) {
      // A review of a model no longer public is not seen anywhere: the queue shows it as gone.
      const url = urlOf.get(review.modelId);
      if (url === undefined) continue;
      const hidden = review.hiddenAt !== null;
      described.set(review.id, {
        kind: t('kind'),
        title: t('title', { model: review.modelTitle, stars: review.stars }),
        excerpt: review.body.length > 300 ? `${review.body.slice(0, 299)}…` : review.body,
        href: `${url}#ratings`,
        author: review.author,
        states: hidden ? [t('hiddenState')] : [],
        actions: [
          {
            key: hidden ? 'show' : 'hide',
            label: hidden ? t('show') : t('hide'),
            endpoint: `/api/internal/ratings/${review.id}/moderate`,
            json: { action: hidden ? 'show' : 'hide' },
          },
        ],
      });
    }
    return described;
  },
};
