import { getTranslations } from 'next-intl/server';

import { PostButton } from '@/components/ui/post-button';
import { getPathname, localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { isProjectEditable, openProjectStatuses } from '../freelance-lifecycle';

import type { ProjectDto } from '../project-schemas';
import styles from './board.module.css';

export type ProjectViewer = 'guest' | 'owner' | 'designer' | 'member';

/**
 * What a visitor can do on a project page: a guest logs in to apply; a designer (seller) who is not
 * the owner applies while it is open; another user is told how to become a designer; the owner edits,
 * publishes a draft, cancels (while allowed) and compares the applications.
 */
export async function ProjectActions({
  project,
  viewer,
  locale,
}: {
  project: ProjectDto;
  viewer: ProjectViewer;
  locale: Locale;
}) {
  const t = await getTranslations('freelance.ProjectPage');
  const id = String(project.id);
  const open = openProjectStatuses.includes(project.status);
  if (viewer === 'guest')
    return (
      <a
        className="button"
        data-testid="log-in-to-apply"
        href={localizedHref(locale, '/login', {
          next: getPathname({ locale, href: { pathname: '/3d-modeling-jobs/[id]', params: { id } } }),
        })}
      >
        {t('logInToApply')}
      </a>
    );
  if (viewer === 'designer')
    return open ? (
      <a
        className="button"
        data-testid="apply"
        href={localizedHref(locale, { pathname: '/3d-modeling-jobs/[id]/apply', params: { id } })}
      >
        {t('apply')}
      </a>
    ) : (
      <p className={styles.hint}>{t('notOpen')}</p>
    );
  if (viewer === 'member')
    return (
      <>
        <p className={styles.hint}>{t('becomeDesigner')}</p>
        <a href={localizedHref(locale, '/studio/new')} data-testid="become-designer">
          {t('becomeDesignerLink')}
        </a>
      </>
    );
  const editable = isProjectEditable(project);
  const api = `/api/internal/projects/${id}`;
  const texts = { failed: t('failed'), conflict: t('conflict') };
  return (
    <>
      <h2>{t('yourProject')}</h2>
      {project.status === 'draft' ? (
        <PostButton
          endpoint={`${api}/publish`}
          json={{}}
          label={t('publish')}
          busyLabel={t('publishing')}
          texts={texts}
          className="button"
        />
      ) : null}
      {editable ? (
        <a
          className="button button-secondary"
          data-testid="edit-project"
          href={localizedHref(locale, { pathname: '/3d-modeling-jobs/[id]/edit', params: { id } })}
        >
          {t('edit')}
        </a>
      ) : null}
      {project.status !== 'draft' && project.status !== 'cancelled' ? (
        <a
          data-testid="compare-applications"
          href={localizedHref(locale, { pathname: '/3d-modeling-jobs/[id]/applications', params: { id } })}
        >
          {t('compare', { count: project.applicantsCount })}
        </a>
      ) : null}
      {editable ? (
        <PostButton
          endpoint={`${api}/cancel`}
          json={{}}
          label={t('cancel')}
          busyLabel={t('cancelling')}
          texts={texts}
        />
      ) : null}
    </>
  );
}
