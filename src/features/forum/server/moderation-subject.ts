/** Forum posts in the moderation queue (decision 0043): how the queue shows one and what it can do. */
import { getTranslations } from 'next-intl/server';

import type {
  ModerationAction,
  ModerationSubjectType,
  ReportedContent,
} from '@/features/moderation/server/api';
import { getPathname } from '@/i18n/navigation';

import { banDays } from '../api';
import { categoryName } from '../components/category-name';
import { findForumCategories, findPost, findPostsByIds, findThread } from './repository';

const endpoint = '/api/internal/forum/moderation';

export const forumPostSubject: ModerationSubjectType = {
  async isReportable(postId, reporterId) {
    const post = await findPost(postId);
    if (!post) return false;
    if (post.authorId === reporterId) return false;
    if (post.hidden || post.held) return false;
    const thread = await findThread(post.threadId);
    return thread !== null && !thread.hidden;
  },

  async describe(postIds, locale) {
    const [t, rows, categories] = await Promise.all([
      getTranslations({ locale, namespace: 'forum' }),
      findPostsByIds(postIds),
      findForumCategories(),
    ]);
    const described = new Map<number, ReportedContent>();
    for (const post of rows) {
      const name = (slug: string) => categoryName(t, slug);
      const json = { postId: post.id };
      const actions: ModerationAction[] = [];
      if (post.held)
        actions.push({
          key: 'approve',
          label: t('admin.approve'),
          endpoint,
          json: { ...json, action: 'approve' },
        });
      actions.push(
        post.hidden
          ? { key: 'unhide', label: t('admin.unhide'), endpoint, json: { ...json, action: 'unhide' } }
          : { key: 'hide', label: t('admin.hide'), endpoint, json: { ...json, action: 'hide' } },
        post.threadLocked
          ? { key: 'unlock', label: t('admin.unlock'), endpoint, json: { ...json, action: 'unlock' } }
          : { key: 'lock', label: t('admin.lock'), endpoint, json: { ...json, action: 'lock' } },
        post.threadPinned
          ? { key: 'unpin', label: t('admin.unpin'), endpoint, json: { ...json, action: 'unpin' } }
          : { key: 'pin', label: t('admin.pin'), endpoint, json: { ...json, action: 'pin' } },
        {
          key: 'move',
          label: t('admin.move'),
          endpoint,
          json: { ...json, action: 'move' },
          choice: {
            name: 'categoryId',
            label: t('admin.moveTo'),
            options: categories
              .filter((c) => c.slug !== post.categorySlug)
              .map((c) => ({ value: c.id, label: name(c.slug) })),
          },
        },
        {
          key: 'ban',
          label: t('admin.ban', { name: post.author }),
          endpoint,
          json: { ...json, action: 'ban' },
          choice: {
            name: 'days',
            label: t('admin.banFor'),
            options: banDays.map((days) => ({ value: days, label: t('admin.banDays', { count: days }) })),
          },
        },
      );
      const href = getPathname({
        locale,
        href: { pathname: '/forum/threads/[id]', params: { id: String(post.threadId) } },
      });
      const states = [
        post.held && t('states.held'),
        post.hidden && t('states.hidden'),
        post.threadLocked && t('states.locked'),
        post.threadPinned && t('states.pinned'),
      ].filter((state): state is string => Boolean(state));
      described.set(post.id, {
        kind: t('admin.kind', { category: name(post.categorySlug) }),
        title: post.threadTitle,
        excerpt: post.body.length > 280 ? `${post.body.slice(0, 280)}…` : post.body,
        href: `${href}?post=${post.id}#post-${post.id}`,
        author: post.author,
        states,
        actions,
      });
    }
    return described;
  },
};
