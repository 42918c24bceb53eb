import { useLocale, useTranslations } from 'next-intl';

import type { Locale } from '@/i18n/routing';

import { formatDate } from '../format';
import type { DesignerTutorialDto } from '../schemas';
import styles from './tutorial-list.module.css';
import { SectionHead } from './section-head';

/** A designer's tutorials, newest first: title, date, software and the text in paragraphs. */
export function TutorialList({
  tutorials,
  username,
}: {
  tutorials: DesignerTutorialDto[];
  username: string;
}) {
  const t = useTranslations('designers.Tutorials');
  const locale = useLocale() as Locale;
  return (
    <section aria-labelledby="tutorials-heading">
      <SectionHead id="tutorials-heading" title={t('heading', { count: tutorials.length })} />
      {tutorials.length === 0 ? (
        <p className={styles.empty}>{t('empty', { username })}</p>
      ) : (
        <ol className={styles.list}>
          {tutorials.map((tutorial) => (
            <li key={tutorial.id}>
              <article className={styles.tutorial}>
                <h3>{tutorial.title}</h3>
                <p className={styles.meta}>
                  <time dateTime={tutorial.createdAt}>
                    {formatDate(locale, tutorial.createdAt, { dateStyle: 'long' })}
                  </time>
                  {tutorial.software && <span>{t('software', { software: tutorial.software })}</span>}
                </p>
                {tutorial.paragraphs.map((paragraph, i) => (
                  <p key={i}>{paragraph}</p>
                ))}
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
