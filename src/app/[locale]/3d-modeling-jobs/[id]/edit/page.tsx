import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import styles from '@/features/freelance/components/board.module.css';
import { ProjectForm } from '@/features/freelance/components/project-form';
import { deadlineBounds, formValuesOf } from '@/features/freelance/project-schemas';
import { getOwnProject } from '@/features/freelance/server/project-queries';
import { getPathname } from '@/i18n/navigation';
import { languageTags } from '@/i18n/routing';
import { isProjectEditable } from '@/features/freelance/freelance-lifecycle';
import { parseModelId } from '@/features/catalog/model-id';
import { userOrLogIn } from '@/features/accounts/server/page-access';

import { localeOf } from '../../../route-params';
import { projectFormTexts, skillLabels } from '@/features/freelance/components/project-texts';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('freelance.ProjectForm');
  return { title: t('editTitle'), robots: { index: false } };
}

/**
 * The owner edits a project with the posting form, prefilled, while it is a draft or published and no
 * application is accepted; afterwards the page says it can no longer be edited. 404 for anyone else.
 */
export default async function EditProjectPage({ params }: Props) {
  const locale = await localeOf(params);
  const { id } = await params;
  const user = await userOrLogIn(locale, { pathname: '/3d-modeling-jobs/[id]/edit', params: { id } });
  const projectId = parseModelId(id);
  const project = projectId === null ? null : await getOwnProject(user, projectId);
  if (!project) notFound();
  const [t, page, texts, labels] = await Promise.all([
    getTranslations('freelance.ProjectForm'),
    getTranslations('freelance.ProjectPage'),
    projectFormTexts(),
    skillLabels(),
  ]);
  const projectHref = getPathname({
    locale,
    href: { pathname: '/3d-modeling-jobs/[id]', params: { id: String(project.id) } },
  });
  const editable = isProjectEditable(project);
  if (!editable)
    return (
      <div className="container">
        <h1 className="page-title">{page('notEditableTitle')}</h1>
        <p className={styles.notice} data-testid="not-editable">
          {texts.not_editable}
        </p>
        <p>
          <a href={projectHref}>{project.title}</a>
        </p>
      </div>
    );
  return (
    <div className="container">
      <p>
        <a href={projectHref}>{project.title}</a>
      </p>
      <h1 className="page-title">{t('editTitle')}</h1>
      <ProjectForm
        endpoint={`/api/internal/projects/${project.id}`}
        initial={formValuesOf(project)}
        texts={texts}
        skills={Object.entries(labels).map(([key, label]) => ({ key, label }))}
        deadlineBounds={deadlineBounds(new Date())}
        reviewHref={getPathname({
          locale,
          href: { pathname: '/3d-modeling-jobs/[id]/review', params: { id: String(project.id) } },
        })}
        languageTag={languageTags[locale]}
      />
    </div>
  );
}
