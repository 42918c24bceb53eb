import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { ModelCard } from '@/components/ui/model-card';
import { getModelCardLabels } from '@/components/ui/model-card-labels';
import { PostButton } from '@/components/ui/post-button';
import { Pagination } from '@/features/catalog/components/pagination';
import { banDays, postsPerPage } from '@/features/forum/api';
import { categoryName } from '@/features/forum/components/category-name';
import { getPostEditorTexts } from '@/features/forum/components/editor-texts';
import styles from '@/features/forum/components/forum.module.css';
import { PostEditor } from '@/features/forum/components/post-editor';
import { PostTools } from '@/features/forum/components/post-tools';
import { findForumCategories, findPageOfPost, getThreadView } from '@/features/forum/server/queries';
import { ChoiceAction } from '@/features/moderation/components/choice-action';
import { ReportControl } from '@/features/moderation/components/report-control';
import { getPathname, localizedHref } from '@/i18n/navigation';
import { languageTags } from '@/i18n/routing';
import { buildHref } from '@/lib/query-string';
import { currentUser, hasRole } from '@/server/auth/visitor';

import { localeOf, pageOf } from '../../../route-params';

type Props = {
  params: Promise<{ locale: string; id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const idOf = (raw: string) => (/^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

async function viewerOf() {
  const user = await currentUser();
  return user
    ? { user, viewer: { id: user.id, admin: hasRole(user, 'admin') } }
    : { user: null, viewer: null };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeOf(params);
  const id = idOf((await params).id);
  const { viewer } = await viewerOf();
  const view = id === null ? null : await getThreadView(id, 1, viewer, locale);
  const t = await getTranslations('forum');
  if (!view) return { title: t('title') };
  return {
    title: t('threadMetaTitle', { title: view.thread.title }),
    description: view.posts[0]?.body.slice(0, 160),
  };
}

/** A forum thread: its posts (30 a page), quoting, editing, reporting, replying and moderating. */
export default async function ForumThreadPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const id = idOf((await params).id);
  if (id === null) notFound();
  const search = await searchParams;
  const { user, viewer } = await viewerOf();
  const here = getPathname({ locale, href: { pathname: '/forum/threads/[id]', params: { id: String(id) } } });
  const postParam = typeof search.post === 'string' ? idOf(search.post) : null;
  if (postParam !== null) {
    const page = await findPageOfPost(id, postParam, viewer);
    if (page !== null) redirect(`${buildHref(here, page > 1 ? { page } : {})}#post-${postParam}`);
  }
  const page = pageOf(search);
  const view = await getThreadView(id, page, viewer, locale);
  if (!view) notFound();
  const { thread, posts, total, subscribed } = view;
  const admin = viewer?.admin ?? false;
  const canReply = user !== null && (!thread.locked || admin);
  const [t, tModeration, labels, replyTexts, editTexts, categories] = await Promise.all([
    getTranslations('forum'),
    getTranslations('moderation'),
    getModelCardLabels(),
    getPostEditorTexts('sendReply'),
    getPostEditorTexts('saveEdit'),
    admin ? findForumCategories() : Promise.resolve([]),
  ]);
  const date = new Intl.DateTimeFormat(languageTags[locale], { dateStyle: 'medium', timeStyle: 'short' });
  const pageCount = Math.max(1, Math.ceil(total / postsPerPage));
  const opening = posts.find((post) => post.isOpening);
  const moderate = (postId: number, action: string, label: string) => (
    <PostButton
      key={action}
      endpoint="/api/internal/forum/moderation"
      json={{ action, postId }}
      label={label}
      busyLabel={tModeration('working')}
      texts={{ failed: tModeration('failed') }}
    />
  );
  return (
    <div className={`container ${styles.layout}`}>
      <div>
        <nav aria-label={t('breadcrumbLabel')} className={styles.meta}>
          <a href={localizedHref(locale, '/forum')}>{t('title')}</a> ›{' '}
          <a href={localizedHref(locale, '/forum', { category: thread.categorySlug })}>
            {categoryName(t, thread.categorySlug)}
          </a>
        </nav>
        <h1 className="page-title">
          {thread.pinned && <span className={styles.badge}>{t('pinned')}</span>}
          {thread.locked && <span className={styles.badge}>{t('locked')}</span>}
          {thread.title}
        </h1>
        <p className={styles.meta}>
          {t('startedBy', { name: thread.author, date: date.format(thread.createdAt) })} ·{' '}
          {t('replies', { count: thread.replyCount })}
        </p>
        {thread.hidden && <p className={styles.notice}>{t('threadHiddenNotice')}</p>}
      </div>
      {user && (
        <div className={styles.buttons}>
          <PostButton
            endpoint={`/api/internal/forum/threads/${thread.id}/subscription`}
            json={{ subscribed: !subscribed, locale }}
            label={subscribed ? t('unsubscribe') : t('subscribe')}
            busyLabel={tModeration('working')}
            texts={{ failed: tModeration('failed') }}
          />
          <span className={styles.meta}>{subscribed ? t('subscribedHint') : t('subscribeHint')}</span>
        </div>
      )}
      {admin && opening && (
        <div className={styles.adminTools} aria-label={t('admin.threadTools')} role="group">
          {thread.locked
            ? moderate(opening.id, 'unlock', t('admin.unlock'))
            : moderate(opening.id, 'lock', t('admin.lock'))}
          {thread.pinned
            ? moderate(opening.id, 'unpin', t('admin.unpin'))
            : moderate(opening.id, 'pin', t('admin.pin'))}
          <ChoiceAction
            endpoint="/api/internal/forum/moderation"
            json={{ action: 'move', postId: opening.id }}
            name="categoryId"
            choiceLabel={t('admin.moveTo')}
            options={categories
              .filter((c) => c.slug !== thread.categorySlug)
              .map((c) => ({ value: c.id, label: categoryName(t, c.slug) }))}
            label={t('admin.move')}
            busyLabel={tModeration('working')}
            failed={tModeration('failed')}
          />
        </div>
      )}
      <ol className={styles.posts} data-testid="forum-posts">
        {posts.map((post) => (
          <li
            key={post.id}
            id={`post-${post.id}`}
            className={`${styles.post} ${post.hidden || post.held ? styles.postHidden : ''}`}
            data-testid="forum-post"
          >
            <article aria-labelledby={`post-${post.id}-author`}>
              <header className={styles.postHeader}>
                <strong id={`post-${post.id}-author`}>
                  <a
                    href={localizedHref(locale, {
                      pathname: '/designers/[username]',
                      params: { username: post.author },
                    })}
                  >
                    {post.author}
                  </a>
                </strong>
                <span className={styles.meta}>
                  <time dateTime={post.createdAt.toISOString()}>{date.format(post.createdAt)}</time>
                  {post.edited && post.editedAt && (
                    <>
                      {' · '}
                      <span title={date.format(post.editedAt)}>{t('edited')}</span>
                    </>
                  )}
                </span>
                {post.hidden && <span className={styles.badge}>{t('states.hidden')}</span>}
                {post.held && <span className={styles.badge}>{t('states.held')}</span>}
              </header>
              {post.hidden && !admin ? (
                <p className={styles.meta}>{t('hiddenByModerator')}</p>
              ) : (
                <div className={styles.postBody} dangerouslySetInnerHTML={{ __html: post.html }} />
              )}
              {post.models.length > 0 && (
                <ul className={styles.cards} aria-label={t('linkedModels')}>
                  {post.models.map((model) => (
                    <li key={model.id}>
                      <ModelCard model={model} labels={labels} headingLevel={3} sizes="260px" />
                    </li>
                  ))}
                </ul>
              )}
              <footer className={styles.postFooter}>
                {/* Only where it has a button: each one carries the post's text into the page's script. */}
                {((canReply && !post.hidden) || post.editable) && (
                  <PostTools
                    postId={post.id}
                    author={post.author}
                    body={post.body}
                    canQuote={canReply && !post.hidden}
                    editable={post.editable}
                    openingTitle={post.isOpening ? thread.title : undefined}
                    locale={locale}
                    texts={{
                      quote: t('quote'),
                      quoteLabel: t('quoteLabel', { name: post.author }),
                      edit: t('edit'),
                    }}
                    editorTexts={post.editable ? editTexts : undefined}
                  />
                )}
                {user && user.id !== post.authorId && !post.hidden && !post.held && (
                  <ReportControl
                    subjectType="forum_post"
                    subjectId={post.id}
                    label={t('reportLabel', { name: post.author })}
                  />
                )}
                {admin && (
                  <span className={styles.buttons}>
                    {post.held && moderate(post.id, 'approve', t('admin.approve'))}
                    {post.hidden
                      ? moderate(post.id, 'unhide', t('admin.unhide'))
                      : moderate(post.id, 'hide', t('admin.hide'))}
                    {post.authorId !== user?.id && (
                      <ChoiceAction
                        endpoint="/api/internal/forum/moderation"
                        json={{ action: 'ban', postId: post.id }}
                        name="days"
                        choiceLabel={t('admin.banFor')}
                        options={banDays.map((days) => ({
                          value: days,
                          label: t('admin.banDays', { count: days }),
                        }))}
                        label={t('admin.ban', { name: post.author })}
                        busyLabel={tModeration('working')}
                        failed={tModeration('failed')}
                      />
                    )}
                  </span>
                )}
              </footer>
            </article>
          </li>
        ))}
      </ol>
      <Pagination
        href={{ pathname: '/forum/threads/[id]', params: { id: String(thread.id) } }}
        page={Math.min(page, pageCount)}
        pageCount={pageCount}
      />
      <section aria-labelledby="forum-reply">
        <h2 id="forum-reply">{t('replyHeading')}</h2>
        {canReply ? (
          <PostEditor
            locale={locale}
            texts={replyTexts}
            mode={{ kind: 'reply', threadId: thread.id, postHref: `${here}?post=0` }}
          />
        ) : thread.locked ? (
          <p>{t('lockedNotice')}</p>
        ) : (
          <p>
            <a href={buildHref(getPathname({ locale, href: '/login' }), { next: here })}>
              {t('logInToReply')}
            </a>
          </p>
        )}
      </section>
    </div>
  );
}
