import { getTranslations } from 'next-intl/server';

import { localizedHref } from '@/i18n/navigation';
import { languageTags, type Locale } from '@/i18n/routing';
import { formatPrice } from '@/lib/money';

import type { ProjectCardDto } from '../project-schemas';
import styles from './board.module.css';

/** A day as the locale writes it (dates of the board are whole days, kept in UTC). */
export function formatDay(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(languageTags[locale], { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/**
 * A project on the board (spec §3 "Project"): title, budget, number of applicants, posted date,
 * deadline, software and skills; "Requested from {designer}" on a direct custom request.
 */
export async function BoardCard({
  project,
  locale,
  skillLabels,
  headingLevel = 2,
}: {
  project: ProjectCardDto;
  locale: Locale;
  skillLabels: Record<string, string>;
  headingLevel?: 2 | 3;
}) {
  const t = await getTranslations('freelance.Board');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const href = localizedHref(locale, {
    pathname: '/3d-modeling-jobs/[id]',
    params: { id: String(project.id) },
  });
  return (
    <article className={styles.card} data-testid="project-card">
      <div className={styles.cardTop}>
        <Heading className={styles.cardTitle}>
          <a href={href}>{project.title}</a>
        </Heading>
        <span className={styles.budget} data-testid="project-budget">
          <span className="visually-hidden">{t('budgetLabel')}: </span>
          {formatPrice(project.budgetCents)}
        </span>
      </div>
      {project.invitedDesigner ? (
        <p className={styles.requested}>{t('requestedFrom', { designer: project.invitedDesigner })}</p>
      ) : null}
      <p className={styles.meta}>
        <span data-testid="project-applicants">{t('applicants', { count: project.applicantsCount })}</span>
        <span>{t('posted', { date: formatDay(project.postedAt, locale) })}</span>
        <span>{t('deadline', { date: formatDay(project.deadline, locale) })}</span>
      </p>
      {project.skills.length > 0 || project.software.length > 0 ? (
        <ul className={styles.chips}>
          {project.skills.map((skill) => (
            <li key={`skill-${skill}`} className={styles.chip}>
              {skillLabels[skill] ?? skill}
            </li>
          ))}
          {project.software.map((name) => (
            <li key={`software-${name}`} className={`${styles.chip} ${styles.chipSoftware}`}>
              {name}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
