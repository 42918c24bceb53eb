'use client';

import { useEffect, useState } from 'react';

import { Icon } from '@/components/ui/icon';
import { Tooltip } from '@/components/ui/tooltip';
import { useHydrated } from '@/components/ui/use-hydrated';
import { reportClientError } from '@/lib/client-errors';
import { fillTemplate } from '@/lib/template';
import { formatCount, type IntegerGrouping } from '@/lib/integer-format';

import styles from './model-actions.module.css';
import { postToApi } from '@/lib/api-client';

export type ModelActionLabels = Record<
  | 'like'
  | 'logInToLike'
  | 'likeFailed'
  | 'likeRateLimited'
  | 'likes'
  | 'views'
  | 'share'
  | 'shareHint'
  | 'copyLink'
  | 'linkCopied'
  | 'copyFailed'
  | 'shareOnX'
  | 'shareOnFacebook'
  | 'shareOnPinterest'
  | 'shareByEmail',
  string
>;

/**
 * The model page's like, views and share (spec §2). A signed-in visitor likes and unlikes the model
 * (decision 0032); a guest's like is a link to log in that comes back here. The page reports its view
 * once shown; the server counts a visitor once a day.
 */
export function ModelActions({
  modelId,
  likes: initialLikes,
  liked: initialLiked,
  logInHref,
  views: initialViews,
  url,
  title,
  imageUrl,
  grouping,
  labels,
}: {
  modelId: number;
  likes: number;
  /** Whether the signed-in visitor likes the model; null for a guest. */
  liked: boolean | null;
  /** The log-in page, coming back to this one. */
  logInHref: string;
  views: number;
  /** The page's absolute URL. */
  url: string;
  title: string;
  imageUrl: string;
  /** How the page's locale groups digits: the counts are written without `Intl` (decision 0049). */
  grouping: IntegerGrouping;
  labels: ModelActionLabels;
}) {
  const [views, setViews] = useState(initialViews);
  const [like, setLike] = useState({ liked: initialLiked ?? false, likes: initialLikes });
  const [liking, setLiking] = useState(false);
  const hydrated = useHydrated();
  const [likeMessage, setLikeMessage] = useState('');
  const [copyMessage, setCopyMessage] = useState('');
  const count = (value: number) => formatCount(value, grouping);

  useEffect(() => {
    const controller = new AbortController();
    postToApi(`/api/internal/items/${modelId}/views`, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as { data: { views: number } };
        setViews(body.data.views);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) reportClientError('Counting a model view failed', error);
      });
    return () => controller.abort();
  }, [modelId]);

  async function toggleLike() {
    setLiking(true);
    setLikeMessage('');
    try {
      const path = `/api/internal/items/${modelId}/likes${like.liked ? '/remove' : ''}`;
      const response = await postToApi(path);
      if (response.status === 401) return setLikeMessage(labels.logInToLike);
      if (response.status === 429) return setLikeMessage(labels.likeRateLimited);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = (await response.json()) as { data: { liked: boolean; likes: number } };
      setLike(body.data);
    } catch (error) {
      reportClientError('Liking a model failed', error);
      setLikeMessage(labels.likeFailed);
    } finally {
      setLiking(false);
    }
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      setCopyMessage(labels.linkCopied);
    } catch {
      setCopyMessage(labels.copyFailed);
    }
  }

  const likeContent = (
    <>
      <Icon name="heart" size={18} className={styles.heart} />
      <span>{labels.like}</span>
      <span className={styles.count}>
        <span aria-hidden="true" data-testid="like-count">
          {count(like.likes)}
        </span>
        <span className="visually-hidden">{fillTemplate(labels.likes, { count: count(like.likes) })}</span>
      </span>
    </>
  );
  const encoded = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  return (
    <div className={styles.actions}>
      {initialLiked === null ? (
        <a className={styles.action} href={logInHref} data-testid="like">
          {likeContent}
          <span className="visually-hidden">{labels.logInToLike}</span>
        </a>
      ) : (
        <button
          type="button"
          className={styles.action}
          aria-pressed={like.liked}
          disabled={liking || !hydrated}
          onClick={toggleLike}
          data-testid="like"
        >
          {likeContent}
        </button>
      )}
      <span className={styles.stat} data-testid="model-views">
        <Icon name="eye" size={18} />
        {fillTemplate(labels.views, { count: count(views) })}
      </span>
      <Tooltip
        clickable
        className={styles.share}
        label={
          <span className={styles.action}>
            <Icon name="share" size={18} />
            {labels.share}
          </span>
        }
      >
        <span className={styles.shareHint}>{labels.shareHint}</span>
        <span className={styles.shareLinks}>
          <button type="button" onClick={copyLink}>
            {labels.copyLink}
          </button>
          <a
            href={`https://twitter.com/intent/tweet?url=${encoded}&text=${text}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {labels.shareOnX}
          </a>
          <a
            href={`https://www.facebook.com/sharer/sharer.php?u=${encoded}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {labels.shareOnFacebook}
          </a>
          <a
            href={`https://pinterest.com/pin/create/button/?url=${encoded}&media=${encodeURIComponent(imageUrl)}&description=${text}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {labels.shareOnPinterest}
          </a>
          <a href={`mailto:?subject=${text}&body=${encoded}`}>{labels.shareByEmail}</a>
        </span>
      </Tooltip>
      <p role="status" aria-live="polite" className={styles.message}>
        {likeMessage || copyMessage}
      </p>
    </div>
  );
}
