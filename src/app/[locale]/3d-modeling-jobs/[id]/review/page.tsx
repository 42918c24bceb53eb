import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { PostButton } from '@/components/ui/post-button';
import { BoardCard } from '@/features/freelance/components/board-card';
import styles from '@/features/freelance/components/board.module.css';
import { ProjectDetails } from '@/features/freelance/components/project-details';
import { ProjectImageUpload } from '@/features/freelance/components/project-image-upload';
import { maxReferenceImages } from '@/features/freelance/project-schemas';
import { getOwnProject } from '@/features/freelance/server/project-queries';
import { localizedHref } from '@/i18n/navigation';
import { isProjectEditable } from '@/features/freelance/freelance-lifecycle';
import { parseModelId } from '@/features/catalog/model-id';
import { userOrLogIn } from '@/features/accounts/server/page-access';

import { localeOf } from '../../../route-params';
import { projectImageUploadTexts, skillLabels } from '@/features/freelance/components/project-texts';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('freelance.ProjectPage');
  return { title: t('reviewMetaTitle'), robots: { index: false } };
}

/**
 * The owner's review of a listing (spec §2 "review"): the card as the board shows it and the page as
 * designers see it, the reference images (added here, after the draft is saved), "Edit" and
 * "Publish". 404 for anyone but the owner.
 */
export default async function ReviewProjectPage({ params }: Props) {
  const locale = await localeOf(params);
  const { id } = await params;
  const user = await userOrLogIn(locale, { pathname: '/3d-modeling-jobs/[id]/review', params: { id } });
  const projectId = parseModelId(id);
  const project = projectId === null ? null : await getOwnProject(user, projectId);
  if (!project) notFound();
  const [t, form, labels, uploadTexts] = await Promise.all([
    getTranslations('freelance.ProjectPage'),
    getTranslations('freelance.ProjectForm'),
    skillLabels(),
    projectImageUploadTexts(),
  ]);
  const editable = isProjectEditable(project);
  const api = `/api/internal/projects/${project.id}`;
  const projectHref = localizedHref(locale, { pathname: '/3d-modeling-jobs/[id]', params: { id } });
  const texts = { failed: t('failed'), conflict: t('conflict') };
  return (
    <div className="container">
      <h1 className="page-title">{t('reviewTitle')}</h1>
      <p className="page-lead">{t('reviewLead')}</p>
      {project.status === 'draft' ? (
        <p className={styles.notice}>{t('draftNotice')}</p>
      ) : project.status === 'published' ? (
        <p className={styles.success} data-testid="published-notice">
          {t('published')} <a href={projectHref}>{project.title}</a>
        </p>
      ) : null}
      <div className={styles.reviewBar}>
        {editable ? (
          <a
            className="button button-secondary"
            data-testid="edit-project"
            href={localizedHref(locale, { pathname: '/3d-modeling-jobs/[id]/edit', params: { id } })}
          >
            {t('edit')}
          </a>
        ) : null}
        {project.status === 'draft' ? (
          <PostButton
            endpoint={`${api}/publish`}
            json={{}}
            label={t('publish')}
            busyLabel={t('publishing')}
            texts={texts}
            className="button"
            then={projectHref}
          />
        ) : null}
      </div>

      <section className={styles.section} aria-labelledby="images-title">
        <h2 id="images-title" className="section-title">
          {form('images')}
        </h2>
        {project.images.length === 0 ? <p>{form('noImages')}</p> : null}
        <ul className={styles.images}>
          {project.images.map((image, index) => (
            <li key={image.position}>
              <img
                src={image.thumbnail}
                width={360}
                height={270}
                alt={t('imageAlt', { number: index + 1 })}
              />
              {editable ? (
                <PostButton
                  endpoint={`${api}/images/${image.position}/remove`}
                  json={{}}
                  label={form('remove')}
                  ariaLabel={form('removeLabel', { number: index + 1 })}
                  busyLabel={form('removing')}
                  texts={texts}
                />
              ) : null}
            </li>
          ))}
        </ul>
        {editable && project.images.length < maxReferenceImages ? (
          <ProjectImageUpload endpoint={`${api}/images`} texts={uploadTexts} />
        ) : null}
      </section>

      <section className={styles.preview} aria-labelledby="card-preview">
        <h2 id="card-preview">{t('cardPreview')}</h2>
        <BoardCard project={project} locale={locale} skillLabels={labels} headingLevel={3} />
      </section>
      <section className={styles.preview} aria-labelledby="page-preview">
        <h2 id="page-preview">{t('pagePreview')}</h2>
        <ProjectDetails project={project} locale={locale} skillLabels={labels} headingLevel={2} />
      </section>
    </div>
  );
}
