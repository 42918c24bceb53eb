/**
 * Tutorial comments in the moderation queue (decision 0043): a member reports a comment under a
 * published tutorial; an admin deletes it from the queue, which resolves its reports.
 */
import { getTranslations } from 'next-intl/server';

import type { ModerationSubjectType, ReportedContent } from '@/features/moderation/server/api';
import { localizedHref } from '@/i18n/navigation';

import { tutorialSegment } from '../tutorial-fields';
import { excerptOf } from './queries';
import { findCommentsForModeration, isCommentReportable } from './repository';

export const tutorialCommentSubjectType = 'tutorial_comment';

export const tutorialCommentSubject: ModerationSubjectType = {
  isReportable: (subjectId) => isCommentReportable(subjectId),
  async describe(subjectIds, locale) {
    const [t, rows] = await Promise.all([
      getTranslations({ locale, namespace: 'tutorials.Moderation' }),
      findCommentsForModeration(subjectIds),
    ]);
    return new Map(
      rows.map((row): [number, ReportedContent] => [
        row.id,
        {
          kind: t('kind'),
          title: row.tutorialTitle,
          excerpt: excerptOf(row.body, 300),
          href: `${localizedHref(locale, {
            pathname: '/tutorials/[id]',
            params: { id: tutorialSegment(row.tutorialId, row.tutorialTitle) },
          })}#comment-${row.id}`,
          author: row.authorUsername,
          states: row.tutorialPublished ? [] : [t('tutorialUnpublished')],
          actions: [
            {
              key: 'delete',
              label: t('delete'),
              endpoint: `/api/internal/tutorials/comments/${row.id}/moderate`,
              json: {},
              confirm: t('deleteConfirm'),
            },
          ],
        },
      ]),
    );
  },
};
