import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import styles from '@/features/freelance/components/board.module.css';
import { ProjectActions, type ProjectViewer } from '@/features/freelance/components/project-actions';
import { ProjectDetails } from '@/features/freelance/components/project-details';
import { ProjectWorkPanel } from '@/features/freelance/components/project-work-panel';
import { getProjectForViewer } from '@/features/freelance/server/project-queries';
import { localizedHref } from '@/i18n/navigation';
import { parseModelId } from '@/features/catalog/model-id';
import { currentUser, hasRole } from '@/server/auth/visitor';

import { localeOf } from '../../route-params';
import { skillLabels } from '@/features/freelance/components/project-texts';

type Props = { params: Promise<{ locale: string; id: string }> };

async function projectOf(id: string) {
  const projectId = parseModelId(id);
  if (projectId === null) return null;
  return getProjectForViewer(await currentUser(), projectId);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await localeOf(params);
  const project = await projectOf((await params).id);
  if (!project) return {};
  const t = await getTranslations('freelance.ProjectPage');
  return {
    title: t('metaTitle', { title: project.title }),
    description: project.description.slice(0, 160),
    robots: project.status === 'published' ? undefined : { index: false },
  };
}

/**
 * A project's page (spec §2 freelance pages): everything its owner entered, and what the visitor can
 * do. Drafts (and cancelled projects) are their owner's only: a 404 for everybody else.
 */
export default async function ProjectPage({ params }: Props) {
  const locale = await localeOf(params);
  const { id } = await params;
  const user = await currentUser();
  const project = await projectOf(id);
  if (!project) notFound();
  const [t, labels] = await Promise.all([getTranslations('freelance.ProjectPage'), skillLabels()]);
  const viewer: ProjectViewer = !user
    ? 'guest'
    : user.id === project.ownerId
      ? 'owner'
      : hasRole(user, 'seller')
        ? 'designer'
        : 'member';
  return (
    <div className="container">
      <p>
        <a href={localizedHref(locale, '/3d-modeling-jobs')}>{t('back')}</a>
      </p>
      {viewer === 'owner' && project.status === 'draft' ? (
        <p className={styles.notice}>
          {t('draftNotice')}{' '}
          <a href={localizedHref(locale, { pathname: '/3d-modeling-jobs/[id]/review', params: { id } })}>
            {t('reviewTitle')}
          </a>
        </p>
      ) : null}
      {viewer === 'owner' && project.status === 'cancelled' ? (
        <p className={styles.notice}>{t('cancelledNotice')}</p>
      ) : null}
      <ProjectDetails
        project={project}
        locale={locale}
        skillLabels={labels}
        actions={<ProjectActions project={project} viewer={viewer} locale={locale} />}
      />
      <ProjectWorkPanel projectId={project.id} locale={locale} />
    </div>
  );
}
