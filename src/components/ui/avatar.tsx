'use client';

import { useState } from 'react';

import { chatbotUsername } from '@/lib/site';

import { avatarColor, avatarInitials } from './avatar-initials';
import styles from './avatar.module.css';

export const avatarSizes = [80, 64, 48, 40, 32, 24] as const;
export type AvatarSize = (typeof avatarSizes)[number];

/**
 * Spec §3 "Avatar": the picture; on failure (or without one) the initials — one letter at 24 and
 * 32 px, two above —; a robot for the chatbot; without a username (still loading) an ellipsis at small
 * sizes and a spinner at large ones.
 */
export function Avatar({
  username,
  image,
  size,
  type = 'color',
  color,
  alt = '',
}: {
  username: string | null;
  /** `xlarge` (320 px, uploaded avatars only) lets the browser pick the file for its pixel density. */
  image?: { small: string; large: string; xlarge?: string } | null;
  size: AvatarSize;
  type?: 'grey' | 'color';
  color?: string;
  alt?: string;
}) {
  const [failed, setFailed] = useState(false);
  const small = size <= 32;
  const background = type === 'grey' ? '#5b6275' : (color ?? (username ? avatarColor(username) : '#5b6275'));
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4), background };
  const label = alt || undefined;

  if (username === null) {
    return (
      <span className={styles.avatar} style={style} role="img" aria-label={label} aria-busy="true">
        {small ? (
          <span aria-hidden="true">…</span>
        ) : (
          <span className={`spinner ${styles.spinner}`} aria-hidden="true" />
        )}
      </span>
    );
  }
  if (username === chatbotUsername) {
    return (
      <span className={styles.avatar} style={style} role="img" aria-label={label}>
        <svg width="60%" height="60%" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <path d="M11 2h2v3h4a3 3 0 0 1 3 3v9a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3V8a3 3 0 0 1 3-3h4zM8.5 10a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3m7 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3M9 15v1.5h6V15zM1 10h2v5H1zm20 0h2v5h-2z" />
        </svg>
      </span>
    );
  }
  if (image && !failed) {
    return (
      <img
        className={styles.avatar}
        src={size > 32 ? image.large : image.small}
        srcSet={image.xlarge ? `${image.small} 64w, ${image.large} 160w, ${image.xlarge} 320w` : undefined}
        sizes={image.xlarge ? `${size}px` : undefined}
        width={size}
        height={size}
        alt={alt}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className={styles.avatar} style={style} role="img" aria-label={label ?? username}>
      <span aria-hidden="true">{avatarInitials(username, small)}</span>
    </span>
  );
}
