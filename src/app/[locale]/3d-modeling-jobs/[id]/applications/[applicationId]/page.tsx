import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { checkoutTestCards } from '@/features/orders/server/api';

import { PostButton } from '@/components/ui/post-button';
import { ApplicationAcceptForm } from '@/features/freelance/components/application-accept-form';
import { ApplicationCard } from '@/features/freelance/components/application-card';
import { ApplicationForm } from '@/features/freelance/components/application-form';
import styles from '@/features/freelance/components/work.module.css';
import { getApplicationPage } from '@/features/freelance/server/application-queries';
import { getPathname } from '@/i18n/navigation';
import { languageTags } from '@/i18n/routing';
import { parseModelId } from '@/features/catalog/model-id';
import { userOrLogIn } from '@/features/accounts/server/page-access';

import { localeOf } from '../../../../route-params';
import {
  acceptFormTexts,
  applicationFormTexts,
  portfolioModels,
} from '@/features/freelance/components/work-texts';

type Props = { params: Promise<{ locale: string; id: string; applicationId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('freelance.Applications');
  return { title: t('applyMetaTitle'), robots: { index: false } };
}

/**
 * One application: its designer edits or withdraws it while it is submitted; the project's owner
 * reviews it and accepts it by paying its price. Anybody else gets a 404.
 */
export default async function ApplicationPage({ params }: Props) {
  const locale = await localeOf(params);
  const { id, applicationId } = await params;
  const user = await userOrLogIn(locale, {
    pathname: '/3d-modeling-jobs/[id]/applications/[applicationId]',
    params: { id, applicationId },
  });
  const projectId = parseModelId(id);
  const appId = parseModelId(applicationId);
  if (projectId === null || appId === null) notFound();
  const data = await getApplicationPage(user, projectId, appId);
  if (!data) notFound();
  const { application, role, choices } = data;
  const t = await getTranslations('freelance.Applications');
  const projectPath = getPathname({ locale, href: { pathname: '/3d-modeling-jobs/[id]', params: { id } } });
  const here = getPathname({
    locale,
    href: { pathname: '/3d-modeling-jobs/[id]/applications/[applicationId]', params: { id, applicationId } },
  });
  const portfolio = await portfolioModels(locale, [
    ...application.portfolioModelIds,
    ...choices.map((c) => c.id),
  ]);
  const open = application.status === 'submitted' && application.projectStatus === 'published';
  const statusNotice =
    application.status === 'accepted' ? (
      <p className={styles.notice}>{t('acceptedNotice')}</p>
    ) : application.status === 'declined' ? (
      <p className={styles.warning}>{t('declinedNotice')}</p>
    ) : null;

  if (role === 'owner') {
    return (
      <div className="container narrow-page">
        <p>
          <a
            href={getPathname({
              locale,
              href: { pathname: '/3d-modeling-jobs/[id]/applications', params: { id } },
            })}
          >
            {t('backToApplications')}
          </a>
        </p>
        <h1 className="page-title">
          {t('reviewTitle', { designer: application.designerDisplayName ?? application.designerUsername })}
        </h1>
        <p className={styles.hint}>{application.projectTitle}</p>
        {statusNotice}
        <ApplicationCard application={application} portfolio={portfolio} locale={locale} />
        {open && (
          <section className={styles.panel}>
            <ApplicationAcceptForm
              endpoint={`/api/internal/applications/${application.id}/accept`}
              then={projectPath}
              testCards={await checkoutTestCards()}
              texts={await acceptFormTexts(application.priceCents)}
            />
          </section>
        )}
      </div>
    );
  }

  return (
    <div className="container narrow-page">
      <p>
        <a href={projectPath}>{t('backToProject')}</a>
      </p>
      <h1 className="page-title">{t('editTitle', { title: application.projectTitle })}</h1>
      <p>
        {t('statusLabel')}:{' '}
        <span className={styles.badge} data-status={application.status}>
          {t(`status_${application.status}`)}
        </span>
      </p>
      {statusNotice}
      {open ? (
        <>
          <ApplicationForm
            endpoint={`/api/internal/applications/${application.id}`}
            then={here}
            initial={{
              proposal: application.proposal,
              price: String(application.priceCents / 100),
              deliveryDays: String(application.deliveryDays),
              portfolio: application.portfolioModelIds,
            }}
            choices={choices.map((c) => ({
              id: c.id,
              title: c.title,
              image: portfolio.get(c.id)?.image ?? null,
            }))}
            languageTag={languageTags[locale]}
            texts={await applicationFormTexts(t('save'))}
          />
          <p className={styles.row}>
            <PostButton
              endpoint={`/api/internal/applications/${application.id}/withdraw`}
              json={{}}
              label={t('withdraw')}
              busyLabel={t('withdrawing')}
              texts={{ failed: t('failed'), conflict: t('conflict') }}
            />
          </p>
        </>
      ) : (
        <ApplicationCard application={application} portfolio={portfolio} locale={locale} />
      )}
    </div>
  );
}
