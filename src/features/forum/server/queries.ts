/** What the forum's pages show (decision 0043): Markdown rendered on the server, pasted model links as cards. */
import { getModelCardsByIds } from '@/features/catalog/server/api';
import { env } from '@/env';
import { routing, type Locale } from '@/i18n/routing';
import { renderUserMarkdown, standaloneSitePaths } from '@/server/text/user-markdown';
import type { ModelCardData } from '@/components/ui/model-card';

import { forumSorts, isEditable, maxForumQueryLength, pageOfPost, type ForumSort } from '../api';
import {
  countPostsBefore,
  findForumCategories,
  findPost,
  findPostPage,
  findPublishedModelIdsBySlugs,
  findThread,
  findThreadPage,
  isSubscribed,
  markThreadSeen,
  type PostRow,
  type ThreadRow,
} from './repository';

export { findForumCategories, findThreadPage };

export interface ForumViewer {
  id: number;
  admin: boolean;
}

export function forumSortOf(value: unknown): ForumSort {
  return forumSorts.find((sort) => sort === value) ?? 'active';
}

export function forumQueryOf(value: unknown): string {
  return typeof value === 'string' ? value.trim().slice(0, maxForumQueryLength) : '';
}

/** The first path segments of model pages in every locale: only these links become cards. */
const modelRoots = new Set(
  (['/3d-models', '/3d-print-models'] as const).flatMap((key) =>
    Object.values(routing.pathnames[key] as Record<string, string>).map((p) => p.slice(1)),
  ),
);
const localeSegments = new Set<string>(routing.locales);

/** The slugs of model pages linked on lines of their own. */
export function linkedModelSlugs(body: string): string[] {
  const slugs: string[] = [];
  for (const path of standaloneSitePaths(body, env.publicUrl)) {
    const segments = path.split('/').filter(Boolean);
    if (localeSegments.has(segments[0] ?? '')) segments.shift();
    if (segments.length >= 2 && modelRoots.has(segments[0]!))
      slugs.push(decodeURIComponent(segments.at(-1)!));
  }
  return slugs.slice(0, 5);
}

export interface PostView extends PostRow {
  html: string;
  models: ModelCardData[];
  edited: boolean;
  /** The viewer wrote it and the edit window is still open. */
  editable: boolean;
}

export interface ThreadView {
  thread: ThreadRow;
  posts: PostView[];
  total: number;
  subscribed: boolean;
}

/** A thread page as `viewer` sees it; null when there is no such thread for them (a 404). */
export async function getThreadView(
  threadId: number,
  page: number,
  viewer: ForumViewer | null,
  locale: Locale,
  now = new Date(),
): Promise<ThreadView | null> {
  const thread = await findThread(threadId);
  if (!thread) return null;
  if (thread.hidden && !viewer?.admin && thread.authorId !== viewer?.id) return null;
  const [{ items, total }, subscribed] = await Promise.all([
    findPostPage(threadId, page, viewer),
    viewer ? isSubscribed(viewer.id, threadId) : false,
  ]);
  if (viewer && subscribed) await markThreadSeen(viewer.id, threadId);
  const slugsByPost = new Map(items.map((post) => [post.id, post.hidden ? [] : linkedModelSlugs(post.body)]));
  const ids = await findPublishedModelIdsBySlugs([...new Set([...slugsByPost.values()].flat())]);
  const cards = new Map(
    (await getModelCardsByIds(locale, [...new Set(ids.values())])).map((card) => [card.id, card]),
  );
  const posts = items.map((post) => ({
    ...post,
    html: renderUserMarkdown(post.body),
    models: (slugsByPost.get(post.id) ?? [])
      .map((slug) => cards.get(ids.get(slug) ?? 0))
      .filter((card) => card !== undefined),
    edited: post.editedAt !== null,
    editable: viewer?.id === post.authorId && !post.hidden && isEditable(post.createdAt, now),
  }));
  return { thread, posts, total, subscribed };
}

/** The page of its thread a post is on for `viewer`; null when they cannot see it there. */
export async function findPageOfPost(
  threadId: number,
  postId: number,
  viewer: ForumViewer | null,
): Promise<number | null> {
  const post = await findPost(postId);
  if (!post || post.threadId !== threadId) return null;
  return pageOfPost(await countPostsBefore(post, viewer));
}
