import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import styles from '@/features/freelance/components/board.module.css';
import { ProjectForm } from '@/features/freelance/components/project-form';
import { deadlineBounds, formValuesOf } from '@/features/freelance/project-schemas';
import { findDesignerByUsername } from '@/features/freelance/server/project-repository';
import { getPathname, localizedHref } from '@/i18n/navigation';
import { languageTags } from '@/i18n/routing';
import { currentUser } from '@/server/auth/visitor';

import { localeOf } from '../../route-params';
import { projectFormTexts, skillLabels } from '@/features/freelance/components/project-texts';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('freelance.ProjectForm');
  return { title: t('newMetaTitle'), robots: { index: false } };
}

/**
 * Post a project (spec §2 "start"): the details first; saving makes a draft and opens its review page,
 * where reference images are added and the listing is published. `?designer={username}` makes it a
 * direct custom request to that designer, unless they take none (spec §8's message, nothing saved).
 */
export default async function NewProjectPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const query = await searchParams;
  const designerName = typeof query.designer === 'string' ? query.designer.trim().slice(0, 40) : '';
  const user = await currentUser();
  if (!user)
    redirect(
      localizedHref(locale, '/login', {
        next: localizedHref(locale, '/3d-modeling-jobs/new', { designer: designerName || null }),
      }),
    );
  const designer = designerName ? await findDesignerByUsername(designerName) : null;
  if (designerName && (!designer || designer.id === user.id)) notFound();
  const [t, texts, labels] = await Promise.all([
    getTranslations('freelance.ProjectForm'),
    projectFormTexts(),
    skillLabels(),
  ]);
  if (designer && !designer.acceptsCustomRequests) {
    return (
      <div className="container">
        <h1 className="page-title">{t('newTitle')}</h1>
        <p className={styles.notice} role="alert" data-testid="no-custom-requests">
          {texts.no_custom_requests}
        </p>
      </div>
    );
  }
  const reviewHref = getPathname({
    locale,
    href: { pathname: '/3d-modeling-jobs/[id]/review', params: { id: '{id}' } },
  }).replace(encodeURIComponent('{id}'), '{id}');
  return (
    <div className="container">
      <h1 className="page-title">{t('newTitle')}</h1>
      <p className="page-lead">{t('newLead')}</p>
      {designer ? (
        <p className={styles.requested} data-testid="request-for">
          {t('requestFor', { designer: designer.username })}
        </p>
      ) : null}
      <ProjectForm
        endpoint="/api/internal/projects"
        initial={formValuesOf(null)}
        texts={texts}
        skills={Object.entries(labels).map(([key, label]) => ({ key, label }))}
        deadlineBounds={deadlineBounds(new Date())}
        reviewHref={reviewHref}
        designer={designer?.username}
        languageTag={languageTags[locale]}
      />
    </div>
  );
}
