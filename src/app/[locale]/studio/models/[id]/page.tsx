import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { getModelCardsByIds } from '@/features/catalog/server/queries';
import { PrintabilityReport } from '@/features/geometry/components/printability-report';
import { findModelPrintability } from '@/features/geometry/server/analysis-repository';
import { ModelDetailsForm } from '@/features/studio/components/model-details-form';
import { ModelFiles } from '@/features/studio/components/model-files';
import { ModelLifecycleActions } from '@/features/studio/components/model-lifecycle-actions';
import { PostButton } from '@/components/ui/post-button';
import { ReviewForm } from '@/features/studio/components/review-form';
import { StatusBadge } from '@/features/studio/components/status-badge';
import styles from '@/features/studio/components/studio.module.css';
import {
  detailsFormTexts,
  filesTexts,
  reviewFormTexts,
  studioListTexts,
  uploadTexts,
} from '@/features/studio/components/studio-texts';
import { UploadPanel } from '@/features/studio/components/upload-panel';
import { reviewRequestRefusals } from '@/features/studio/schemas';
import { getStudioModel, studioModelActions } from '@/features/studio/server/queries';
import { findCategoryChoices } from '@/features/studio/server/repository';
import { env } from '@/env';
import { getPathname } from '@/i18n/navigation';
import { languageTags } from '@/i18n/routing';
import { parseModelId } from '@/features/catalog/model-id';
import { userOrLogIn } from '@/features/accounts/server/page-access';

import { localeOf } from '../../../route-params';
import { StolenModelSection } from '../../../admin/reviews/stolen-model-sections';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('studio.MyModels');
  return { title: t('metaTitle'), robots: { index: false } };
}

/**
 * A model in the studio, for its seller (and admins, who give the review verdict here): details,
 * files with upload progress and the analysis as it runs, pictures, and the review. Anybody else
 * gets the 404 of a model that does not exist.
 */
export default async function StudioModelPage({ params }: Props) {
  const locale = await localeOf(params);
  const { id } = await params;
  const user = await userOrLogIn(locale, { pathname: '/studio/models/[id]', params: { id } });
  const modelId = parseModelId(id);
  const model = modelId === null ? null : await getStudioModel(user, modelId);
  if (!model) notFound();
  const { isOwner, editable, mayRequestReview, mayGiveVerdict } = studioModelActions(user, model);
  const [
    t,
    lifecycle,
    status,
    reviews,
    listTexts,
    categories,
    details,
    files,
    fileUploads,
    pictureUploads,
    review,
    publicCard,
    printability,
  ] = await Promise.all([
    getTranslations('studio.ModelPage'),
    getTranslations('modelLifecycle.Studio'),
    getTranslations('studio.Status'),
    getTranslations('admin.Reviews'),
    studioListTexts(),
    editable ? findCategoryChoices(locale) : Promise.resolve([]),
    detailsFormTexts(),
    filesTexts(),
    uploadTexts('file', env.UPLOAD_MAX_MB),
    uploadTexts('picture', env.UPLOAD_MAX_MB),
    reviewFormTexts(),
    model.status === 'published' ? getModelCardsByIds(locale, [model.id]) : Promise.resolve([]),
    findModelPrintability(model.id, { publishedOnly: false }),
  ]);
  const api = `/api/internal/studio/models/${model.id}`;
  const notice = {
    draft: t('draftNotice'),
    in_review: t('inReviewNotice'),
    rejected: t('rejectedNotice'),
    published: t('publishedNotice'),
    unpublished: lifecycle('unpublishedNotice'),
  }[model.status];
  const wasPublic = model.status === 'published' || model.status === 'unpublished';
  const reviewLabel = listTexts.reviewLabel(model);
  return (
    <div className="container">
      <p>
        {isOwner ? (
          <a href={getPathname({ locale, href: '/studio' })}>{t('back')}</a>
        ) : (
          <a href={getPathname({ locale, href: '/admin/reviews' })}>{reviews('title')}</a>
        )}
      </p>
      <h1 className="page-title">{model.title}</h1>
      <dl className="facts">
        <dt>{t('status')}</dt>
        <dd>
          <StatusBadge status={model.status} label={status(model.status)} />
        </dd>
        <dt>{t('review')}</dt>
        <dd data-testid="review-status">{reviewLabel}</dd>
      </dl>
      {!isOwner ? <p className={styles.warning}>{t('adminNotice')}</p> : null}
      {/* Admins only (a non-owner here is an admin): the seller is never told of a match. */}
      {!isOwner ? <StolenModelSection locale={locale} model={model} /> : null}
      {isOwner ? <p className={model.status === 'rejected' ? styles.warning : undefined}>{notice}</p> : null}
      {model.reviewNote ? (
        <p>
          <strong>{t('reviewNote')}:</strong> {model.reviewNote}
        </p>
      ) : null}
      {publicCard[0] ? (
        <p>
          <a href={publicCard[0].url}>{t('viewPublic')}</a>
        </p>
      ) : null}
      {isOwner ? (
        <ModelLifecycleActions
          endpoint={api}
          status={model.status}
          texts={{
            unpublish: lifecycle('unpublish'),
            unpublishing: lifecycle('unpublishing'),
            unpublishHint: lifecycle('unpublishHint'),
            republish: lifecycle('republish'),
            republishing: lifecycle('republishing'),
            deleteDraft: lifecycle('deleteDraft'),
            deleting: lifecycle('deleting'),
            deleteConfirm: lifecycle('deleteConfirm', { title: model.title }),
            failed: t('failed'),
            conflict: lifecycle('conflict'),
          }}
          afterDelete={getPathname({ locale, href: '/studio' })}
        />
      ) : null}

      <section aria-labelledby="files-title">
        <h2 id="files-title" className="section-title">
          {t('files')}
        </h2>
        <ModelFiles
          key={model.files.map((f) => `${f.id}:${f.analysisState}`).join(',')}
          modelId={model.id}
          initial={model.files}
          editable={editable}
          languageTag={languageTags[locale]}
          texts={files}
        />
        {editable && wasPublic ? (
          <p className={styles.warning} data-testid="new-files-warning">
            {lifecycle('newFilesWarning')}
          </p>
        ) : null}
        {editable ? (
          <UploadPanel
            endpoint={`${api}/files`}
            kind="file"
            maxFileBytes={env.UPLOAD_MAX_MB * 1024 * 1024}
            texts={fileUploads}
          />
        ) : null}
      </section>

      {printability ? (
        <PrintabilityReport
          report={printability.report}
          fileName={printability.fileName}
          languageTag={languageTags[locale]}
        />
      ) : null}

      <section aria-labelledby="pictures-title">
        <h2 id="pictures-title" className="section-title">
          {t('pictures')}
        </h2>
        {model.pictures.length === 0 ? <p>{t('noPictures')}</p> : null}
        <ul className={styles.pictures}>
          {model.pictures.map((picture) => (
            <li key={picture.position}>
              <img
                src={picture.src}
                width={360}
                height={270}
                alt={
                  picture.position === 0 ? t('cardPicture') : t('picture', { number: picture.position + 1 })
                }
              />
              {editable ? (
                <PostButton
                  endpoint={`${api}/pictures/${picture.position}/remove`}
                  json={{}}
                  label={files.remove.label}
                  busyLabel={files.remove.busy}
                  texts={{ failed: files.remove.failed }}
                />
              ) : null}
            </li>
          ))}
        </ul>
        {editable ? (
          <UploadPanel
            endpoint={`${api}/pictures`}
            kind="picture"
            maxFileBytes={env.UPLOAD_MAX_MB * 1024 * 1024}
            texts={pictureUploads}
          />
        ) : null}
      </section>

      <section aria-labelledby="review-title">
        <h2 id="review-title" className="section-title">
          {t('reviewSection')}
        </h2>
        {mayRequestReview ? (
          <PostButton
            endpoint={`${api}/review_request`}
            json={{}}
            className="button"
            label={model.status === 'draft' ? t('requestReview') : t('requestAgain')}
            busyLabel={t('requesting')}
            texts={{
              failed: t('failed'),
              refusals: Object.fromEntries(reviewRequestRefusals.map((r) => [r, t(r)])),
            }}
          />
        ) : null}
        {isOwner && model.reviewRequested ? <p className={styles.notice}>{t('requested')}</p> : null}
        {mayGiveVerdict ? (
          <>
            <h3>{t('verdict')}</h3>
            <ReviewForm modelId={model.id} texts={review} />
          </>
        ) : null}
      </section>

      {editable ? (
        <section aria-labelledby="details-title">
          <h2 id="details-title" className="section-title">
            {t('details')}
          </h2>
          <ModelDetailsForm
            endpoint={api}
            categories={categories}
            texts={details}
            initial={{
              title: model.title,
              description: model.description,
              categoryId: model.categoryId,
              tags: model.tags,
              priceCents: model.priceCents,
              licence: model.licence,
              licenceTerms: model.licenceTerms,
              unit: model.unit,
              walletEligible: model.walletEligible,
            }}
          />
        </section>
      ) : null}
    </div>
  );
}
