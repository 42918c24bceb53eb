/**
 * Makes in the moderation queue (decisions 0043, 0044): a member reports another's make; the queue
 * shows its first picture, caption, poster and model, and offers hide/unhide and the posting ban.
 */
import { getTranslations } from 'next-intl/server';

import { banDays } from '@/features/forum/api';
import type {
  ModerationAction,
  ModerationSubjectType,
  ReportedContent,
} from '@/features/moderation/server/api';
import { getModelCardsByIds } from '@/features/catalog/server/api';
import { getPathname } from '@/i18n/navigation';
import { userPictureUrl } from '@/server/images/user-pictures';

import { findMakesForModeration, isMakeReportable } from './repository';

export const makeSubjectType = 'make';

const captionLength = 280;

export const makeSubject: ModerationSubjectType = {
  isReportable: (makeId, reporterId) => isMakeReportable(makeId, reporterId),

  async describe(makeIds, locale) {
    const [t, rows] = await Promise.all([
      getTranslations({ locale, namespace: 'makes.Moderation' }),
      findMakesForModeration(makeIds),
    ]);
    const cards = await getModelCardsByIds(locale, [...new Set(rows.map((row) => row.modelId))]);
    const modelUrls = new Map(cards.map((card) => [card.id, card.url]));
    return new Map(
      rows.map((row): [number, ReportedContent] => {
        const endpoint = `/api/internal/makes/${row.id}/moderate`;
        const actions: ModerationAction[] = [
          row.hidden
            ? { key: 'unhide', label: t('unhide'), endpoint, json: { action: 'unhide' } }
            : { key: 'hide', label: t('hide'), endpoint, json: { action: 'hide' } },
          {
            key: 'ban',
            label: t('ban', { name: row.username }),
            endpoint,
            json: { action: 'ban' },
            choice: {
              name: 'days',
              label: t('banFor'),
              options: banDays.map((days) => ({ value: days, label: t('banDays', { count: days }) })),
            },
          },
        ];
        const modelUrl = modelUrls.get(row.modelId);
        const picture = row.picture;
        return [
          row.id,
          {
            kind: t('kind'),
            title: t('title', { model: row.modelTitle }),
            excerpt:
              row.description.length > captionLength
                ? `${row.description.slice(0, captionLength)}…`
                : row.description,
            href: getPathname({
              locale,
              href: { pathname: '/galleries/makes/[id]', params: { id: String(row.id) } },
            }),
            author: row.username,
            states: [row.hidden && t('hidden'), !row.modelPublished && t('modelUnpublished')].filter(
              (state): state is string => Boolean(state),
            ),
            actions,
            links: modelUrl ? [{ label: t('model', { model: row.modelTitle }), href: modelUrl }] : [],
            thumbnail: picture
              ? {
                  src: userPictureUrl(picture.key, 360),
                  width: 120,
                  height: Math.max(1, Math.round((picture.height * 120) / picture.width)),
                  alt: t('pictureAlt', { model: row.modelTitle, name: row.username }),
                }
              : undefined,
          },
        ];
      }),
    );
  },
};
