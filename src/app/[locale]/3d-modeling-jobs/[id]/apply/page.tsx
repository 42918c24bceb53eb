import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { ApplicationForm } from '@/features/freelance/components/application-form';
import styles from '@/features/freelance/components/work.module.css';
import { getApplyPage } from '@/features/freelance/server/application-queries';
import { getPathname } from '@/i18n/navigation';
import { languageTags } from '@/i18n/routing';
import { parseModelId } from '@/features/catalog/model-id';
import { userOrLogIn } from '@/features/accounts/server/page-access';

import { localeOf } from '../../../route-params';
import { applicationFormTexts, portfolioModels } from '@/features/freelance/components/work-texts';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('freelance.Applications');
  return { title: t('applyMetaTitle'), robots: { index: false } };
}

/**
 * Apply for a published project (designers only; not its owner). A designer who has applied edits
 * their application here too; a project no longer open, or a decided application, says so.
 */
export default async function ApplyPage({ params }: Props) {
  const locale = await localeOf(params);
  const { id } = await params;
  const user = await userOrLogIn(locale, { pathname: '/3d-modeling-jobs/[id]/apply', params: { id } });
  const projectId = parseModelId(id);
  if (projectId === null) notFound();
  const data = await getApplyPage(user, projectId);
  if (data.kind === 'not_found') notFound();
  const t = await getTranslations('freelance.Applications');
  const projectPath = getPathname({ locale, href: { pathname: '/3d-modeling-jobs/[id]', params: { id } } });
  const back = (
    <p>
      <a href={projectPath}>{t('backToProject')}</a>
    </p>
  );
  if (data.kind !== 'form') {
    return (
      <div className="container narrow-page">
        {back}
        <h1 className="page-title">{t('applyTitle', { title: data.project.title })}</h1>
        <p className={styles.warning}>{data.kind === 'not_designer' ? t('notDesigner') : t('closed')}</p>
      </div>
    );
  }
  const { application, choices } = data;
  const cards = await portfolioModels(
    locale,
    choices.map((c) => c.id),
  );
  const applicationPath = getPathname({
    locale,
    href: {
      pathname: '/3d-modeling-jobs/[id]/applications/[applicationId]',
      params: { id, applicationId: '{applicationId}' },
    },
  }).replace(encodeURIComponent('{applicationId}'), '{applicationId}');
  return (
    <div className="container narrow-page">
      {back}
      <h1 className="page-title">
        {application
          ? t('editTitle', { title: data.project.title })
          : t('applyTitle', { title: data.project.title })}
      </h1>
      <ApplicationForm
        endpoint={`/api/internal/projects/${projectId}/applications`}
        then={applicationPath}
        initial={{
          proposal: application?.proposal ?? '',
          price: application ? String(application.priceCents / 100) : '',
          deliveryDays: application ? String(application.deliveryDays) : '',
          portfolio: application?.portfolioModelIds ?? [],
        }}
        choices={choices.map((c) => ({ id: c.id, title: c.title, image: cards.get(c.id)?.image ?? null }))}
        languageTag={languageTags[locale]}
        texts={await applicationFormTexts(application ? t('save') : t('submit'))}
      />
    </div>
  );
}
