import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { Pagination } from '@/features/catalog/components/pagination';
import { ReportControl } from '@/features/moderation/components/report-control';
import { CommentDelete, CommentForm } from '@/features/tutorials/components/comment-controls';
import { formatTutorialDate } from '@/features/tutorials/components/tutorial-cards';
import { LikeButton } from '@/features/tutorials/components/like-button';
import { StatusActions } from '@/features/tutorials/components/status-actions';
import styles from '@/features/tutorials/components/tutorials.module.css';
import { commentMaxLength, softwareSlug, tutorialIdOf } from '@/features/tutorials/tutorial-fields';
import {
  commentsPerPage,
  getTutorialComments,
  getTutorialPage,
  type TutorialPage as Tutorial,
} from '@/features/tutorials/server/queries';
import { languageAlternates } from '@/i18n/language-alternates';
import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { currentUser } from '@/server/auth/visitor';

import { localeOf, pageOf } from '../../route-params';

type Props = {
  params: Promise<{ locale: string; id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The tutorial the URL names, as the visitor may see it; another's draft is a 404. */
async function tutorialOf(params: Props['params'], locale: Locale): Promise<Tutorial> {
  const id = tutorialIdOf((await params).id);
  const user = await currentUser();
  const tutorial = id === null ? null : await getTutorialPage(id, user?.id ?? null, locale);
  if (!tutorial) notFound();
  return tutorial;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeOf(params);
  const tutorial = await tutorialOf(params, locale);
  return {
    title: tutorial.title,
    description: tutorial.excerpt,
    alternates: languageAlternates(locale, () => ({
      pathname: '/tutorials/[id]',
      params: { id: tutorial.segment },
    })),
    robots: tutorial.status === 'draft' ? { index: false } : undefined,
    openGraph: tutorial.cover ? { images: [tutorial.cover.src] } : undefined,
  };
}

/**
 * A tutorial (issue 25): cover, title, author, skill level and software (each a link to the index
 * filtered by it), the body from user Markdown, likes and comments. Its author also sees the draft and
 * the buttons to edit, publish or take it back.
 */
export default async function TutorialPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const tutorial = await tutorialOf(params, locale);
  const { id: segment } = await params;
  if (segment !== tutorial.segment)
    permanentRedirect(
      localizedHref(locale, { pathname: '/tutorials/[id]', params: { id: tutorial.segment } }),
    );
  const query = await searchParams;
  const commentPage = pageOf(query);
  const commentPageCount = Math.max(1, Math.ceil(tutorial.comments / commentsPerPage));
  if (commentPage > commentPageCount) notFound();
  const [t, moderation, skills, user, comments] = await Promise.all([
    getTranslations('tutorials.Page'),
    getTranslations('tutorials.Moderation'),
    getTranslations('tutorials.Skill'),
    currentUser(),
    tutorial.status === 'published'
      ? getTutorialComments(tutorial.id, commentPage, locale)
      : Promise.resolve([]),
  ]);
  const here = localizedHref(locale, { pathname: '/tutorials/[id]', params: { id: tutorial.segment } });
  const loginHref = localizedHref(locale, '/login', { next: here });
  const endpoint = `/api/internal/tutorials/${tutorial.id}`;
  return (
    <div className="container">
      <p className={styles.back}>
        <a href={localizedHref(locale, '/tutorials')}>{t('back')}</a>
      </p>
      <article className={styles.article} aria-labelledby="tutorial-title">
        {tutorial.ownedByViewer ? (
          <div className={styles.ownerBar} data-testid="owner-bar">
            <p>
              {tutorial.status === 'draft' ? (
                <strong className={styles.draft}>{t('draftNotice')}</strong>
              ) : (
                t('publishedNotice')
              )}
            </p>
            <a
              className="button button-secondary"
              href={localizedHref(locale, {
                pathname: '/tutorials/[id]/edit',
                params: { id: String(tutorial.id) },
              })}
            >
              {t('edit')}
            </a>
            <StatusActions
              endpoint={endpoint}
              status={tutorial.status}
              texts={{
                publish: t('publish'),
                unpublish: t('unpublish'),
                failed: t('failed'),
                rate_limited: t('rateLimited'),
                cover_required: t('coverRequired'),
                body_required: t('bodyRequired'),
                software_required: t('softwareRequired'),
              }}
            />
          </div>
        ) : null}
        <h1 id="tutorial-title" className={styles.articleTitle}>
          {tutorial.title}
        </h1>
        <p className={styles.articleMeta}>
          <a
            href={localizedHref(locale, {
              pathname: '/designers/[username]',
              params: { username: tutorial.author.username },
            })}
          >
            {t('by', { name: tutorial.author.name })}
          </a>
          {tutorial.publishedAt ? (
            <time dateTime={tutorial.publishedAt}>{formatTutorialDate(locale, tutorial.publishedAt)}</time>
          ) : null}
        </p>
        <ul className={styles.tags} aria-label={t('tags')}>
          <li className={styles.level}>
            <a href={localizedHref(locale, '/tutorials', { skill: tutorial.skillLevel })}>
              {skills(tutorial.skillLevel)}
            </a>
          </li>
          {tutorial.software.map((name) => (
            <li key={name}>
              <a href={localizedHref(locale, '/tutorials', { software: softwareSlug(name) })}>{name}</a>
            </li>
          ))}
        </ul>
        {tutorial.cover ? (
          <img
            className={styles.articleCover}
            src={tutorial.cover.src}
            srcSet={tutorial.cover.srcSet}
            sizes="(min-width: 800px) 760px, 100vw"
            width={tutorial.cover.width}
            height={tutorial.cover.height}
            alt=""
            fetchPriority="high"
            data-testid="tutorial-cover"
          />
        ) : null}
        {/* The only HTML put in the page from user text: renderUserMarkdown's (raw HTML shown as text). */}
        <div
          className={styles.markdown}
          dangerouslySetInnerHTML={{ __html: tutorial.html }}
          data-testid="tutorial-body"
        />
        {tutorial.status === 'published' ? (
          <div className={styles.likeBar}>
            {user ? (
              <LikeButton
                endpoint={`${endpoint}/likes`}
                liked={tutorial.likedByViewer}
                likes={tutorial.likes}
                texts={{
                  like: t('like'),
                  unlike: t('unlike'),
                  count: t.raw('likeCount') as string,
                  failed: t('failed'),
                  rate_limited: t('rateLimited'),
                }}
              />
            ) : (
              <p>
                <span>{t('likes', { count: tutorial.likes })}</span>{' '}
                <a href={loginHref}>{t('logInToLike')}</a>
              </p>
            )}
          </div>
        ) : null}
      </article>
      {tutorial.status === 'published' ? (
        <section className={styles.comments} aria-labelledby="comments-heading">
          <h2 id="comments-heading">{t('commentsHeading', { count: tutorial.comments })}</h2>
          {comments.length === 0 ? (
            <p className={styles.empty}>{t('noComments')}</p>
          ) : (
            <ol className={styles.commentList}>
              {comments.map((comment) => (
                <li
                  key={comment.id}
                  id={`comment-${comment.id}`}
                  className={styles.comment}
                  data-testid="comment"
                >
                  <p className={styles.commentMeta}>
                    <a
                      href={localizedHref(locale, {
                        pathname: '/designers/[username]',
                        params: { username: comment.author.username },
                      })}
                    >
                      {comment.author.name}
                    </a>
                    <time dateTime={comment.createdAt}>{formatTutorialDate(locale, comment.createdAt)}</time>
                  </p>
                  <div className={styles.markdown} dangerouslySetInnerHTML={{ __html: comment.html }} />
                  {user?.id === comment.author.id ? (
                    <CommentDelete
                      endpoint={`/api/internal/tutorials/comments/${comment.id}/remove`}
                      texts={{
                        delete: t('deleteComment'),
                        confirm: t('deleteCommentConfirm'),
                        failed: t('failed'),
                      }}
                    />
                  ) : user ? (
                    <ReportControl
                      subjectType="tutorial_comment"
                      subjectId={comment.id}
                      title={moderation('report')}
                    />
                  ) : null}
                </li>
              ))}
            </ol>
          )}
          <Pagination
            href={{ pathname: '/tutorials/[id]', params: { id: tutorial.segment } }}
            page={commentPage}
            pageCount={commentPageCount}
          />
          {user ? (
            <CommentForm
              endpoint={`${endpoint}/comments`}
              maxLength={commentMaxLength}
              texts={{
                label: t('commentLabel'),
                hint: t('commentHint'),
                submit: t('commentSubmit'),
                sending: t('commentSending'),
                required: t('commentRequired'),
                comment_long: t('commentLong', { max: commentMaxLength }),
                rate_limited: t('commentRateLimited'),
                banned: t('commentBanned'),
                failed: t('failed'),
              }}
            />
          ) : (
            <p>
              <a href={loginHref}>{t('logInToComment')}</a>
            </p>
          )}
        </section>
      ) : null}
    </div>
  );
}
