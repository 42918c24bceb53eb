import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { ActionForm } from '@/features/custom-models/components/action-form';
import { AdminActions } from '@/features/custom-models/components/admin-actions';
import {
  complexityTexts,
  dateFormatter,
  paymentTexts,
  statusTexts,
  stepTexts,
  uploadRefusalTexts,
} from '@/features/custom-models/components/custom-model-texts';
import styles from '@/features/custom-models/components/custom-models-page.module.css';
import { PaymentForm } from '@/features/custom-models/components/payment-form';
import { EventHistory, StepTracker } from '@/features/custom-models/components/request-views';
import { ResultUpload } from '@/features/custom-models/components/result-upload';
import { customModelStatuses } from '@/features/custom-models/custom-model-lifecycle';
import { parseCustomModelId } from '@/features/custom-models/request-id';
import { getRequestForViewer } from '@/features/custom-models/server/queries';
import { modelFileFormats, pictureFormats } from '@/features/geometry/file-formats';
import { checkoutTestCards } from '@/features/orders/server/api';
import { getPathname } from '@/i18n/navigation';
import { formatPrice } from '@/lib/money';
import { userOrLogIn } from '@/features/accounts/server/page-access';

import { localeOf } from '../../../route-params';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations('customModels.Tracking');
  const { id } = await params;
  return { title: t('metaTitle', { id: id.slice(0, 12) }), robots: { index: false } };
}

const fileHref = (id: number) => `/api/internal/custom-models/files/${id}`;

/**
 * A custom-model request's tracking page (decision 0026): for its buyer, its assigned designer and
 * admins; anybody else gets the 404 of a request that does not exist. The three steps, the facts, the
 * history, and the actions of the viewer at this step.
 */
export default async function CustomModelRequestPage({ params }: Props) {
  const locale = await localeOf(params);
  const { id } = await params;
  const user = await userOrLogIn(locale, { pathname: '/custom-3d-models/requests/[id]', params: { id } });
  const requestId = parseCustomModelId(id);
  const view = requestId === null ? null : await getRequestForViewer(user, requestId);
  if (!view) notFound();
  const { request, events, tracking, designerChoices } = view;
  const [t, statuses, steps, complexities] = await Promise.all([
    getTranslations('customModels.Tracking'),
    statusTexts(),
    stepTexts(),
    complexityTexts(),
  ]);
  const formatDate = dateFormatter(locale, true);
  const here = getPathname({ locale, href: { pathname: '/custom-3d-models/requests/[id]', params: { id } } });
  const { references, results, pendingResults: pending } = tracking;
  const actionTexts = { failed: t('failed'), conflict: t('conflict') };
  const events_ = Object.fromEntries(customModelStatuses.map((s) => [s, t(`event_${s}`)]));

  return (
    <div className="container">
      <p>
        <a
          href={getPathname({
            locale,
            href: tracking.backTo === 'admin_queue' ? '/admin/custom-models' : '/custom-3d-models',
          })}
        >
          {tracking.backTo === 'admin_queue' ? t('adminLink') : t('back')}
        </a>
      </p>
      <h1 className="page-title">{request.title}</h1>
      <p className="page-lead">
        <strong data-testid="request-status">{statuses[request.status]}</strong>
      </p>

      <section className={styles.section} aria-labelledby="cm-where">
        <h2 id="cm-where">{t('stepsTitle')}</h2>
        <StepTracker current={request.step} done={request.status === 'approved'} texts={steps} />
        {request.status === 'approved' && <p>{t('approvedNote')}</p>}
        {request.status === 'cancelled' && (
          <p>
            {t('cancelledNote')} {request.orderStatus === 'refunded' ? t('refundedNote') : null}
          </p>
        )}
      </section>

      <div className={styles.layout}>
        <div className={styles.layout} style={{ gridTemplateColumns: 'minmax(0, 1fr)' }}>
          {tracking.canPay && (
            <section className={styles.panel} aria-labelledby="cm-pay">
              <h2 id="cm-pay">{t('payTitle')}</h2>
              <PaymentForm
                requestId={request.id}
                amountText={formatPrice(request.priceCents)}
                trackingHref={here}
                testCards={await checkoutTestCards()}
                texts={await paymentTexts()}
              />
            </section>
          )}

          {results && (
            <section className={styles.panel} aria-labelledby="cm-results">
              <h2 id="cm-results">{t('resultsTitle', { round: request.round })}</h2>
              {results.length === 0 ? (
                <p>{t('noResults')}</p>
              ) : (
                <ul className={styles.files}>
                  {results.map((file) => (
                    <li key={file.id}>
                      <a href={fileHref(file.id)} download>
                        {t('download', { file: file.fileName })}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}

          {tracking.canDecide && (
            <section className={styles.panel} aria-labelledby="cm-decide">
              <h2 id="cm-decide">{t('approveTitle')}</h2>
              <p>{t('approveLead')}</p>
              <div className={styles.actions}>
                <ActionForm
                  endpoint={`/api/internal/custom-models/${request.id}/approve`}
                  texts={{ ...actionTexts, submit: t('approve'), busy: t('approving') }}
                />
                <ActionForm
                  endpoint={`/api/internal/custom-models/${request.id}/request_changes`}
                  withNote
                  secondary
                  texts={{
                    ...actionTexts,
                    submit: t('requestChanges'),
                    busy: t('sending'),
                    note: t('changesNote'),
                    noteHint: t('changesHint'),
                    required: t('required'),
                    note_length: t('note_length'),
                  }}
                />
              </div>
            </section>
          )}

          {tracking.designerPanel && (
            <section className={styles.panel} aria-labelledby="cm-work">
              <h2 id="cm-work">{t('designerTitle')}</h2>
              {tracking.designerPanel === 'work' ? (
                <>
                  <p>{t('designerLead')}</p>
                  {request.note && (
                    <p>
                      <strong>{t('lastNote')}:</strong>{' '}
                      <span className={styles.description}>{request.note}</span>
                    </p>
                  )}
                  <ResultUpload
                    requestId={request.id}
                    accept={[...modelFileFormats, ...pictureFormats].map((f) => `.${f}`).join(',')}
                    texts={{
                      label: t('uploadLabel'),
                      hint: t('uploadHint'),
                      uploading: (await getTranslations('customModels.Form'))('uploading'),
                      uploaded: (await getTranslations('customModels.Form'))('uploaded'),
                      failed: t('failed'),
                      refusals: await uploadRefusalTexts(),
                    }}
                  />
                  <h3>{t('currentRound')}</h3>
                  {pending.length === 0 ? (
                    <p>{t('needFiles')}</p>
                  ) : (
                    <>
                      <ul className={styles.files}>
                        {pending.map((file) => (
                          <li key={file.id}>
                            <a href={fileHref(file.id)} download>
                              {t('download', { file: file.fileName })}
                            </a>
                          </li>
                        ))}
                      </ul>
                      <ActionForm
                        endpoint={`/api/internal/custom-models/${request.id}/submit_to_qa`}
                        texts={{ ...actionTexts, submit: t('sendToQa'), busy: t('sendingToQa') }}
                      />
                    </>
                  )}
                </>
              ) : tracking.designerPanel === 'waiting_qa' ? (
                <p>{t('waitingQa')}</p>
              ) : tracking.designerPanel === 'waiting_buyer' ? (
                <p>{t('waitingBuyer')}</p>
              ) : null}
            </section>
          )}

          {tracking.adminPanel && (
            <section className={styles.panel} aria-labelledby="cm-admin">
              <h2 id="cm-admin">{t('adminTitle')}</h2>
              <AdminActions
                requestId={request.id}
                status={request.status}
                paid={request.paidAt !== null}
                designers={designerChoices}
              />
            </section>
          )}

          <section className={styles.panel} aria-labelledby="cm-details">
            <h2 id="cm-details">{t('detailsTitle')}</h2>
            <p className={styles.description}>{request.description}</p>
            <dl className={styles.facts}>
              <dt>{t('complexity')}</dt>
              <dd>{complexities[request.complexity].name}</dd>
              <dt>{t('price')}</dt>
              <dd data-testid="request-price">{formatPrice(request.priceCents)}</dd>
              <dt>{t('order')}</dt>
              <dd>
                {request.orderId && request.paidAt ? t('orderNumber', { id: request.orderId }) : t('notPaid')}
              </dd>
              <dt>{t('designer')}</dt>
              <dd>{request.designerName ?? t('noDesigner')}</dd>
              <dt>{t('round')}</dt>
              <dd>{request.round}</dd>
              <dt>{t('formats')}</dt>
              <dd>
                {request.fileFormats.length
                  ? request.fileFormats.map((f) => f.toUpperCase()).join(', ')
                  : t('anyFormat')}
              </dd>
              <dt>{t('links')}</dt>
              <dd>
                {request.referenceLinks.length === 0 ? (
                  t('none')
                ) : (
                  <ul className={styles.files}>
                    {request.referenceLinks.map((link) => (
                      <li key={link}>
                        <a href={link} rel="nofollow noopener noreferrer" target="_blank">
                          {link}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
              <dt>{t('references')}</dt>
              <dd>
                {references.length === 0 ? (
                  t('none')
                ) : (
                  <ul className={styles.files}>
                    {references.map((file) => (
                      <li key={file.id}>
                        <a href={fileHref(file.id)} download>
                          {file.fileName}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
              {tracking.showsNote && (
                <>
                  <dt>{t('lastNote')}</dt>
                  <dd className={styles.description}>{request.note}</dd>
                </>
              )}
            </dl>
          </section>
        </div>

        <section className={styles.panel} aria-labelledby="cm-history">
          <h2 id="cm-history">{t('historyTitle')}</h2>
          <EventHistory
            events={events}
            formatDate={formatDate}
            texts={{ events: events_, by: (name) => t('by', { name }) }}
          />
        </section>
      </div>
    </div>
  );
}
