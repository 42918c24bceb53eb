import type { ReactNode } from 'react';

import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import type { SessionUser } from '@/server/auth/session';

import { reviewsPageParam } from '../api';
import { getModelReviews, getOwnRating, userOwnsModel } from '../server/queries';
import { RatingsSection, type RatingViewer } from './ratings-section';

/** The model page's ratings, for this visitor: what the page composes in (one element, its own reads). */
export async function ModelRatings({
  locale,
  model,
  user,
  report,
  reviewsPage = 1,
}: {
  locale: Locale;
  model: { id: number; url: string; designerUsername: string };
  user: SessionUser | null;
  report?: (reviewId: number) => ReactNode;
  /** `?reviews_page=` of the model page; a page past the last shows the first. */
  reviewsPage?: number;
}) {
  const reviews =
    (reviewsPage > 1 ? await getModelReviews(model.id, reviewsPage) : null) ??
    (await getModelReviews(model.id, 1));
  if (!reviews) return null;
  let viewer: RatingViewer;
  if (!user)
    viewer = { kind: 'guest', logInHref: localizedHref(locale, '/login', { next: `${model.url}#ratings` }) };
  else if (user.username === model.designerUsername)
    viewer = { kind: 'designer', designer: model.designerUsername };
  else if (!(await userOwnsModel(user.id, model.id))) viewer = { kind: 'not_buyer' };
  else {
    const own = await getOwnRating(user.id, model.id);
    viewer = { kind: 'buyer', own: own ? { stars: own.stars, body: own.body } : null };
  }
  return (
    <RatingsSection
      modelId={model.id}
      designer={model.designerUsername}
      reviews={reviews}
      viewer={viewer}
      viewerUsername={user?.username ?? null}
      report={report}
      pageHref={(page) => `${model.url}${page > 1 ? `?${reviewsPageParam}=${page}` : ''}#ratings`}
    />
  );
}
