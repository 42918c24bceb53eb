import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { Avatar } from '@/components/ui/avatar';
import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { formatPrice } from '@/lib/money';

import type { ProjectDto } from '../project-schemas';
import { formatDay } from './board-card';
import styles from './board.module.css';

/**
 * Everything the owner entered about a project, as its page shows it: description, reference images
 * (thumbnails linking to the full pictures), links (nofollow ugc), and at the side budget, deadline,
 * applicants, status, owner and posted date, with `actions` for the viewer under them.
 */
export async function ProjectDetails({
  project,
  locale,
  skillLabels,
  actions,
  headingLevel = 1,
}: {
  project: ProjectDto;
  locale: Locale;
  skillLabels: Record<string, string>;
  actions?: ReactNode;
  headingLevel?: 1 | 2;
}) {
  const [t, board] = await Promise.all([
    getTranslations('freelance.ProjectPage'),
    getTranslations('freelance.Board'),
  ]);
  const Title = headingLevel === 1 ? 'h1' : 'h2';
  const Section = headingLevel === 1 ? 'h2' : 'h3';
  const profile = localizedHref(locale, {
    pathname: '/designers/[username]',
    params: { username: project.owner.username },
  });
  const statusClass =
    project.status === 'draft' || project.status === 'cancelled'
      ? `${styles.status} ${styles.statusDraft}`
      : styles.status;
  const list = (items: string[]) =>
    items.length === 0 ? (
      t('notSpecified')
    ) : (
      <ul className={styles.chips}>
        {items.map((item) => (
          <li key={item} className={styles.chip}>
            {item}
          </li>
        ))}
      </ul>
    );
  return (
    <div className={styles.project}>
      <div className={styles.projectHeader}>
        <Title className="page-title" data-testid="project-title">
          {project.title}
        </Title>
        {project.invitedDesigner ? (
          <p className={styles.requested}>{board('requestedFrom', { designer: project.invitedDesigner })}</p>
        ) : null}
      </div>
      <div className={styles.main}>
        <section aria-label={t('description')}>
          <p className={styles.description}>{project.description}</p>
        </section>
        <section>
          <Section className="section-title">{t('skills')}</Section>
          {list(project.skills.map((s) => skillLabels[s] ?? s))}
        </section>
        <section>
          <Section className="section-title">{t('software')}</Section>
          {list(project.software)}
        </section>
        <section>
          <Section className="section-title">{t('fileFormats')}</Section>
          {list(project.fileFormats.map((f) => f.toUpperCase()))}
        </section>
        {project.images.length > 0 ? (
          <section>
            <Section className="section-title">{t('referenceImages')}</Section>
            <ul className={styles.images}>
              {project.images.map((image, index) => (
                <li key={image.position}>
                  <a href={image.full} target="_blank" rel="noopener">
                    <img
                      src={image.thumbnail}
                      width={360}
                      height={270}
                      loading="lazy"
                      alt={t('imageAlt', { number: index + 1 })}
                    />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {project.referenceLinks.length > 0 ? (
          <section>
            <Section className="section-title">{t('referenceLinks')}</Section>
            <ul className={styles.links}>
              {project.referenceLinks.map((link) => (
                <li key={link}>
                  <a href={link} rel="nofollow ugc noopener" target="_blank">
                    {link}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      <aside className={styles.side} aria-label={t('budget')}>
        <dl className={styles.facts}>
          <dt>{t('budget')}</dt>
          <dd data-testid="project-budget">{formatPrice(project.budgetCents)}</dd>
          <dt>{t('deadline')}</dt>
          <dd>{formatDay(project.deadline, locale)}</dd>
          <dt>{t('applicants')}</dt>
          <dd data-testid="project-applicants">{project.applicantsCount}</dd>
          <dt>{t('status')}</dt>
          <dd>
            <span className={statusClass} data-testid="project-status">
              {t(`statuses.${project.status}`)}
            </span>
          </dd>
          <dt>{t('posted')}</dt>
          <dd>{formatDay(project.postedAt, locale)}</dd>
        </dl>
        <div>
          <p className={styles.hint}>{t('postedBy')}</p>
          <p className={styles.owner}>
            <Avatar username={project.owner.username} image={project.owner.avatar} size={40} />
            {project.owner.hasProfile ? (
              <a href={profile} data-testid="project-owner">
                {project.owner.username}
              </a>
            ) : (
              <span data-testid="project-owner">{project.owner.username}</span>
            )}
          </p>
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </aside>
    </div>
  );
}
