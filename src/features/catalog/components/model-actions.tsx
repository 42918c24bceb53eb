'use client';

import { useEffect, useState } from 'react';

import { Icon } from '@/components/ui/icon';
import { Tooltip } from '@/components/ui/tooltip';
import { reportClientError } from '@/lib/client-errors';
import { fillTemplate } from '@/lib/template';
import { languageTags, type Locale } from '@/i18n/routing';

import styles from './model-actions.module.css';
import { postToApi } from '@/lib/api-client';

export type ModelActionLabels = Record<
  | 'like'
  | 'logInToLike'
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
 * The model page's like, views and share (spec §2). Liking needs an account (issue 6), so a guest is
 * asked to log in. The page reports its view once shown; the server counts a visitor once a day.
 */
export function ModelActions({
  modelId,
  likes,
  views: initialViews,
  url,
  title,
  imageUrl,
  locale,
  labels,
}: {
  modelId: number;
  likes: number;
  views: number;
  /** The page's absolute URL. */
  url: string;
  title: string;
  imageUrl: string;
  locale: string;
  labels: ModelActionLabels;
}) {
  const [views, setViews] = useState(initialViews);
  const [likeMessage, setLikeMessage] = useState('');
  const [copyMessage, setCopyMessage] = useState('');
  const count = (value: number) => value.toLocaleString(languageTags[locale as Locale]);

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

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      setCopyMessage(labels.linkCopied);
    } catch {
      setCopyMessage(labels.copyFailed);
    }
  }

  const encoded = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  return (
    <div className={styles.actions}>
      <button type="button" className={styles.action} onClick={() => setLikeMessage(labels.logInToLike)}>
        <Icon name="heart" size={18} />
        <span>{labels.like}</span>
        <span className={styles.count}>
          <span aria-hidden="true">{count(likes)}</span>
          <span className="visually-hidden">{fillTemplate(labels.likes, { count: count(likes) })}</span>
        </span>
      </button>
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
