'use client';

import type { RefObject } from 'react';

import { messageBodyMaxLength } from '../conversation-message';
import { remainingText } from '@/lib/remaining-text';

import styles from './message-body-field.module.css';

/**
 * A message's text: label, textarea, the characters left and the field's error. Used by the composer
 * of a conversation and by "Send a message" on a designer's profile.
 */
export function MessageBodyField({
  id,
  label,
  rows,
  value,
  onChange,
  error,
  textareaRef,
  remaining,
  languageTag,
}: {
  id: string;
  label: string;
  rows: number;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  remaining: { one: string; other: string };
  languageTag: string;
}) {
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <textarea
        ref={textareaRef}
        id={id}
        name="body"
        rows={rows}
        maxLength={messageBodyMaxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[counterId, error ? errorId : null].filter(Boolean).join(' ')}
      />
      <p id={counterId} className={styles.counter} aria-live="polite">
        {remainingText(remaining, languageTag, Math.max(0, messageBodyMaxLength - value.length))}
      </p>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </>
  );
}
