import { getTranslations } from 'next-intl/server';

import { localizedHref } from '@/i18n/navigation';
import { languageTags, type Locale } from '@/i18n/routing';

import type { TutorialCard } from '../server/queries';
import styles from './tutorials.module.css';

export function formatTutorialDate(locale: Locale, iso: string): string {
  return new Intl.DateTimeFormat(languageTags[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}

/**
 * Tutorials as cards: cover, title (the link), author, skill level, software, likes and comments. A
 * draft (only its author gets one) says so.
 */
export async function TutorialCards({
  tutorials,
  locale,
  headingLevel = 2,
  showAuthor = true,
}: {
  tutorials: TutorialCard[];
  locale: Locale;
  headingLevel?: 2 | 3;
  showAuthor?: boolean;
}) {
  const [t, skills] = await Promise.all([
    getTranslations('tutorials.Card'),
    getTranslations('tutorials.Skill'),
  ]);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className={styles.cards}>
      {tutorials.map((tutorial) => {
        const href = localizedHref(locale, { pathname: '/tutorials/[id]', params: { id: tutorial.segment } });
        return (
          <li key={tutorial.id}>
            <article className={styles.card} data-testid="tutorial-card">
              {tutorial.cover ? (
                <img
                  className={styles.cardCover}
                  src={tutorial.cover.src}
                  srcSet={tutorial.cover.srcSet}
                  sizes="(min-width: 964px) 320px, 100vw"
                  width={tutorial.cover.width}
                  height={tutorial.cover.height}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
              ) : (
                <div className={styles.cardCoverMissing} aria-hidden="true" />
              )}
              <div className={styles.cardBody}>
                <Heading className={styles.cardTitle}>
                  <a href={href}>{tutorial.title}</a>
                </Heading>
                <p className={styles.cardMeta}>
                  {tutorial.status === 'draft' ? (
                    <span className={styles.draft}>{t('draft')}</span>
                  ) : tutorial.publishedAt ? (
                    <time dateTime={tutorial.publishedAt}>
                      {formatTutorialDate(locale, tutorial.publishedAt)}
                    </time>
                  ) : null}
                  {showAuthor ? <span>{t('by', { name: tutorial.author.name })}</span> : null}
                </p>
                <p className={styles.excerpt}>{tutorial.excerpt}</p>
                <ul className={styles.tags} aria-label={t('tags')}>
                  <li className={styles.level}>{skills(tutorial.skillLevel)}</li>
                  {tutorial.software.map((name) => (
                    <li key={name}>{name}</li>
                  ))}
                </ul>
                <p className={styles.counts}>
                  <span>{t('likes', { count: tutorial.likes })}</span>
                  <span>{t('comments', { count: tutorial.comments })}</span>
                </p>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
