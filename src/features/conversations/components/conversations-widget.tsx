'use client';

import { useEffect, useState } from 'react';

import { fillTemplate } from '@/lib/template';

import { conversationsReadEvent } from './conversations-events';
import styles from './conversations-widget.module.css';

/** How often the header asks for the unread count (paused while the tab is hidden). */
const pollMs = 5000;

/**
 * Spec §2 conversations widget: a link to the inbox with the unread count as a badge, kept fresh by
 * polling `/api/internal/conversations/unread` (and at once when a conversation is read here).
 */
export function ConversationsWidget({
  href,
  initialCount,
  labels,
}: {
  href: string;
  initialCount: number;
  labels: { labelNone: string; labelOne: string; labelOther: string };
}) {
  const [count, setCount] = useState(initialCount);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = async () => {
      clearTimeout(timer);
      if (document.visibilityState === 'visible') {
        try {
          const response = await fetch('/api/internal/conversations/unread', { cache: 'no-store' });
          if (response.ok) {
            const body = (await response.json()) as { data?: { count?: number } };
            if (!stopped && typeof body.data?.count === 'number') setCount(body.data.count);
          }
        } catch {
          // Offline for a moment: the next poll tries again.
        }
      }
      if (!stopped) timer = setTimeout(refresh, pollMs);
    };
    timer = setTimeout(refresh, pollMs);
    const now = () => void refresh();
    const onVisible = () => {
      if (document.visibilityState === 'visible') now();
    };
    window.addEventListener(conversationsReadEvent, now);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener(conversationsReadEvent, now);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  const label = fillTemplate(
    count === 0 ? labels.labelNone : count === 1 ? labels.labelOne : labels.labelOther,
    { count },
  );
  return (
    <a className={styles.widget} href={href} aria-label={label} data-testid="conversations-widget">
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9l-5 4v-4H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" />
      </svg>
      {count > 0 && (
        <span className={styles.badge} aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </a>
  );
}
