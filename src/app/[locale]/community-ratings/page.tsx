import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';

import { ModelCard } from '@/components/ui/model-card';
import { getModelCardLabels } from '@/components/ui/model-card-labels';
import { Rating } from '@/components/ui/rating';
import { Pagination } from '@/features/catalog/components/pagination';
import { parseReviewsPage } from '@/features/ratings/api';
import styles from '@/features/ratings/components/ratings.module.css';
import { getBestRatedThisMonth } from '@/features/ratings/server/queries';
import { languageAlternates } from '@/i18n/language-alternates';
import { localizedHref } from '@/i18n/navigation';

import { localeOf } from '../route-params';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeOf(params);
  const t = await getTranslations('ratings.Page');
  return {
    title: t('title'),
    description: t('metaDescription'),
    alternates: languageAlternates(locale, () => '/community-ratings'),
  };
}

/**
 * "Community ratings" (issue 25, decision 0047): the models rated best in the last 30 days, by the
 * ratings given in them, each with its figures and latest review; the listing's top-rated sort
 * covers all time. 24 a page (`?page=N`); a page past the last is a 404.
 */
export default async function CommunityRatingsPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const page = parseReviewsPage((await searchParams).page);
  const [t, tSection, format, labels, { entries, pageCount }] = await Promise.all([
    getTranslations('ratings.Page'),
    getTranslations('ratings.Section'),
    getFormatter(),
    getModelCardLabels(),
    getBestRatedThisMonth(locale, { page }),
  ]);
  if (page > pageCount) notFound();
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('intro')}</p>
      <p>
        <a href={localizedHref(locale, '/3d-models', { sort: 'top_rated' })}>{t('allTime')}</a>
      </p>
      {entries.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ol className={styles.grid} data-testid="best-rated">
          {entries.map(({ card, average, count, review }, index) => {
            const shown = format.number(average, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
            return (
              <li key={card.id} className={styles.entry}>
                <ModelCard model={card} labels={labels} eager={index < 4} />
                <p className={styles.period}>
                  <Rating readonly value={average} label={tSection('starsLabel', { stars: shown })} />
                  <span>{t('periodRating', { average: shown, count })}</span>
                </p>
                {review && (
                  <blockquote className={styles.quote}>
                    <p>{review.body.length > 240 ? `${review.body.slice(0, 239)}…` : review.body}</p>
                    <footer>
                      {t('latestReview', { user: review.author.displayName ?? review.author.username })}
                    </footer>
                  </blockquote>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <Pagination href="/community-ratings" page={page} pageCount={pageCount} />
    </div>
  );
}
