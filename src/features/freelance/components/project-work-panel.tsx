import { getTranslations } from 'next-intl/server';

import { ratingValues } from '@/components/ui/rating';
import { shownMessageText, systemMessageCodes } from '@/features/conversations/api';
import { getPathname } from '@/i18n/navigation';
import { languageTags, type Locale } from '@/i18n/routing';
import { formatFileSize } from '@/lib/file-size';
import { formatPrice } from '@/lib/money';
import { currentUser } from '@/server/auth/visitor';

import { getProjectWork } from '../server/dashboard-queries';
import styles from './work.module.css';
import { WorkDeliveryForm } from './work-delivery-form';
import { WorkNoteForm } from './work-note-form';
import { WorkReviewForm } from './work-review-form';

/**
 * The work phase of a project, for its owner and the accepted designer only (nothing for anybody
 * else): status, due date (overdue by the clock `now`), the agreed price, the conversation, the
 * deliveries and requests with their files, and the actions each side may take now.
 */
export async function ProjectWorkPanel({
  projectId,
  locale,
  now = new Date(),
}: {
  projectId: number;
  locale: Locale;
  now?: Date;
}) {
  const user = await currentUser();
  if (!user) return null;
  const data = await getProjectWork(user.id, projectId);
  if (!data) return null;
  const { work, role, messages } = data;
  const [t, tSystem, tRating] = await Promise.all([
    getTranslations('freelance.Work'),
    getTranslations('conversations.systemMessages'),
    getTranslations('ui.RatingInput'),
  ]);
  // A system line's body is a code (`application_accepted`): each reader sees it in their language.
  const systemMessages = Object.fromEntries(
    systemMessageCodes.map((code) => [code, tSystem(code)]),
  ) as Record<(typeof systemMessageCodes)[number], string>;
  const tag = languageTags[locale];
  const date = (value: Date) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }).format(value);
  const overdue =
    work.dueAt !== null &&
    work.dueAt.getTime() < now.getTime() &&
    ['in_progress', 'delivered'].includes(work.status);
  const api = `/api/internal/projects/${projectId}`;
  const noteTexts = {
    required: t('required'),
    tooLong: t('noteTooLong'),
    failed: t('failed'),
    conflict: t('conflict'),
    busy: t('busy'),
  };
  const names = new Map([
    [work.ownerId, work.ownerUsername],
    [work.designerId, work.designerUsername],
  ]);
  const canDispute = work.status === 'in_progress' || work.status === 'delivered';
  const mayReview = work.status === 'completed' && !work.reviewedBy.includes(user.id);
  const other = role === 'owner' ? work.designerUsername : work.ownerUsername;

  return (
    <section className={styles.panel} aria-labelledby="project-work-title">
      <h2 id="project-work-title">{t('title')}</h2>
      <p className={styles.hint}>{role === 'owner' ? t('roleOwner') : t('roleDesigner')}</p>
      <dl className={styles.facts}>
        <div>
          <dt>{t('status')}</dt>
          <dd>
            <span className={styles.badge} data-status={work.status}>
              {t(`projectStatus_${work.status}`)}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('price')}</dt>
          <dd>{formatPrice(work.priceCents)}</dd>
        </div>
        {work.dueAt && (
          <div>
            <dt>{role === 'owner' ? t('designer') : t('client')}</dt>
            <dd>{role === 'owner' ? work.designerUsername : work.ownerUsername}</dd>
          </div>
        )}
        {work.dueAt && (
          <div>
            <dt>{t('revisions')}</dt>
            <dd>{work.revisions}</dd>
          </div>
        )}
      </dl>
      {work.dueAt && work.status !== 'completed' && (
        <p className={overdue ? styles.overdue : undefined}>
          {overdue ? t('overdue', { date: date(work.dueAt) }) : t('due', { date: date(work.dueAt) })}
        </p>
      )}
      {work.status === 'completed' && work.completedAt && (
        <p className={styles.notice}>{t('completedNotice', { date: date(work.completedAt) })}</p>
      )}
      {work.status === 'disputed' && <p className={styles.warning}>{t('disputeNotice')}</p>}
      {work.conversationId !== null && (
        <p>
          <a
            href={getPathname({
              locale,
              href: { pathname: '/conversations/[id]', params: { id: String(work.conversationId) } },
            })}
          >
            {t('conversation')}
          </a>
        </p>
      )}
      <h3>{t('history')}</h3>
      {messages.length === 0 ? (
        <p>{t('nothingYet')}</p>
      ) : (
        <ol className={styles.history}>
          {messages.map((message) => (
            <li key={message.id} data-kind={message.kind}>
              <strong>{t(`kind_${message.kind}`)}</strong>
              {message.senderId !== null && ` · ${names.get(message.senderId) ?? ''}`} ·{' '}
              <time dateTime={message.createdAt.toISOString()}>{date(message.createdAt)}</time>
              {message.body && <p>{shownMessageText(message, systemMessages)}</p>}
              {message.files.length > 0 && (
                <ul className={styles.files}>
                  {message.files.map((file) => (
                    <li key={file.id}>
                      <a href={`/api/internal/conversations/attachments/${file.id}`} download={file.fileName}>
                        {file.fileName}
                      </a>{' '}
                      ({formatFileSize(file.sizeBytes, tag)})
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      <div className={styles.actions}>
        {role === 'designer' && work.status === 'in_progress' && (
          <WorkDeliveryForm
            projectId={projectId}
            texts={{
              sendDelivery: t('sendDelivery'),
              deliveryNote: t('deliveryNote'),
              files: t('files'),
              sending: t('sending'),
              uploading: t.raw('uploading') as string,
              refusal_type: t('refusal_type'),
              refusal_content: t('refusal_content'),
              refusal_too_large: t('refusal_too_large'),
              refusal_empty: t('refusal_empty'),
              refusal_name: t('refusal_name'),
              filesRequired: t('filesRequired'),
              filesTooMany: t('filesTooMany'),
              failed: t('failed'),
              conflict: t('conflict'),
            }}
          />
        )}
        {role === 'owner' && work.status === 'delivered' && (
          <>
            <WorkNoteForm
              endpoint={`${api}/approve`}
              noteLabel={t('approvalNoteLabel')}
              submitLabel={t('approve')}
              hint={t('approveNote')}
              required={false}
              texts={noteTexts}
            />
            <WorkNoteForm
              endpoint={`${api}/revision_request`}
              noteLabel={t('revisionNote')}
              submitLabel={t('requestRevision')}
              required
              secondary
              texts={noteTexts}
            />
          </>
        )}
        {canDispute && (
          <details>
            <summary>{t('dispute')}</summary>
            <WorkNoteForm
              endpoint={`${api}/dispute`}
              noteLabel={t('disputeNote')}
              submitLabel={t('dispute')}
              required={false}
              secondary
              texts={noteTexts}
            />
          </details>
        )}
        {mayReview && (
          <WorkReviewForm
            endpoint={`${api}/reviews`}
            ratingOptions={ratingValues.map((count) => tRating('option', { count }))}
            texts={{
              title: t('reviewOf', { username: other }),
              reviewKind: t('reviewKind'),
              reviewPositive: t('reviewPositive'),
              reviewNegative: t('reviewNegative'),
              reviewRating: tRating('legend'),
              reviewRatingRequired: tRating('required'),
              reviewText: t('reviewText'),
              reviewSubmit: t('reviewSubmit'),
              reviewTooShort: t('reviewTooShort'),
              reviewTooLong: t('reviewTooLong'),
              required: t('required'),
              failed: t('failed'),
              conflict: t('conflict'),
              busy: t('busy'),
            }}
          />
        )}
        {work.status === 'completed' && work.reviewedBy.includes(user.id) && (
          <p className={styles.notice}>{t('reviewed')}</p>
        )}
      </div>
    </section>
  );
}
