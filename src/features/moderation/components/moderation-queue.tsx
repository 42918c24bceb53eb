import { getTranslations } from 'next-intl/server';

import styles from '@/components/ui/admin-list.module.css';
import { PostButton } from '@/components/ui/post-button';
import { languageTags, type Locale } from '@/i18n/routing';

import type { QueueEntry } from '../server/queue-repository';
import { ChoiceAction } from './choice-action';
import queue from './moderation-queue.module.css';

/**
 * The admin's moderation queue: each reported piece of content once, with its reports' reasons and
 * notes, a link to where it is seen, the actions its feature offers and "dismiss".
 */
export async function ModerationQueue({
  locale,
  entries,
  total,
}: {
  locale: Locale;
  entries: QueueEntry[];
  total: number;
}) {
  const t = await getTranslations('moderation');
  const date = new Intl.DateTimeFormat(languageTags[locale], { dateStyle: 'medium', timeStyle: 'short' });
  if (entries.length === 0) return <p>{t('empty')}</p>;
  return (
    <>
      <p className={styles.meta}>
        {entries.length < total
          ? t('shownOf', { shown: entries.length, total })
          : t('total', { count: total })}
      </p>
      <ul className={styles.items}>
        {entries.map(({ group, content }) => {
          const key = `${group.subjectType}:${group.subjectId}`;
          const title = content?.title ?? t('gone');
          return (
            <li key={key} className={queue.entry} data-testid="moderation-report">
              <div className={queue.subject}>
                {content?.thumbnail && (
                  <a href={content.href} className={queue.thumbnail} tabIndex={-1} aria-hidden="true">
                    <img
                      src={content.thumbnail.src}
                      width={content.thumbnail.width}
                      height={content.thumbnail.height}
                      alt=""
                      loading="lazy"
                      decoding="async"
                    />
                  </a>
                )}
                <div className={styles.details}>
                  <span className={styles.meta}>{content?.kind ?? group.subjectType}</span>
                  <h2>{content ? <a href={content.href}>{title}</a> : title}</h2>
                  {content && content.excerpt && <span>{content.excerpt}</span>}
                  {content?.author && (
                    <span className={styles.meta}>{t('author', { name: content.author })}</span>
                  )}
                  {content?.links?.map((link) => (
                    <a key={link.href} href={link.href}>
                      {link.label}
                    </a>
                  ))}
                  {content && content.states.length > 0 && (
                    <span className={styles.meta}>{content.states.join(' · ')}</span>
                  )}
                </div>
              </div>
              <div className={queue.reports}>
                {group.heldFor.length > 0 && (
                  <span data-testid="moderation-held">
                    <strong>{t('heldAutomatically')}</strong>:{' '}
                    {group.heldFor.map((reason) => t(`holdReasons.${reason}`)).join(', ')}
                  </span>
                )}
                {group.reportCount > 0 && (
                  <span>
                    {t('reports', { count: group.reportCount })}:{' '}
                    {group.reasons.map((reason) => t(`reasons.${reason}`)).join(', ')}
                  </span>
                )}
                <span className={styles.meta}>
                  {group.reportCount > 0
                    ? t('firstReported', { date: date.format(group.firstReportedAt) })
                    : t('waitingSince', { date: date.format(group.firstReportedAt) })}
                </span>
                {group.notes.slice(0, 3).map((note, index) => (
                  <q key={index}>{note}</q>
                ))}
              </div>
              <div className={queue.actions}>
                {content?.actions.map((action) =>
                  action.choice ? (
                    <ChoiceAction
                      key={action.key}
                      endpoint={action.endpoint}
                      json={action.json}
                      name={action.choice.name}
                      choiceLabel={action.choice.label}
                      options={action.choice.options}
                      label={action.label}
                      busyLabel={t('working')}
                      failed={t('failed')}
                    />
                  ) : (
                    <PostButton
                      key={action.key}
                      endpoint={action.endpoint}
                      json={action.json}
                      label={action.label}
                      ariaLabel={`${action.label}: ${title}`}
                      busyLabel={t('working')}
                      texts={{ failed: t('failed') }}
                      confirm={action.confirm}
                    />
                  ),
                )}
                <span className={queue.dismiss}>
                  <PostButton
                    endpoint="/api/internal/reports/dismiss"
                    json={{ subjectType: group.subjectType, subjectId: group.subjectId }}
                    label={t('dismiss')}
                    ariaLabel={t('dismissLabel', { title })}
                    busyLabel={t('working')}
                    texts={{ failed: t('failed') }}
                  />
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
