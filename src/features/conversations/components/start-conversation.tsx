'use client';

import { useId, useRef, useState, type FormEvent } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { messageBodyMaxLength, validateMessageBody } from '../conversation-message';
import { fillTemplate } from '@/lib/template';

import { MessageBodyField } from './message-body-field';
import { postOpeningMessage } from './open-conversation';
import styles from './start-conversation.module.css';

export type StartConversationLabels = Record<
  | 'button'
  | 'formLabel'
  | 'message'
  | 'send'
  | 'sending'
  | 'cancel'
  | 'remainingOne'
  | 'remainingOther'
  | 'required'
  | 'tooLong'
  | 'failed'
  | 'rateLimited',
  string
>;

/**
 * "Send a message" on a designer's profile: opens a message box; the first message goes into the
 * personal conversation of the two (made if needed), which then opens.
 */
export function StartConversation({
  username,
  languageTag,
  conversationHref,
  labels,
}: {
  username: string;
  languageTag: string;
  /** The conversation page's path with `CONVERSATION_ID` in place of the id. */
  conversationHref: string;
  labels: StartConversationLabels;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const checked = validateMessageBody(body);
    if (!checked.ok) {
      setError(
        checked.error === 'required'
          ? labels.required
          : fillTemplate(labels.tooLong, { max: messageBodyMaxLength }),
      );
      textarea.current?.focus();
      return;
    }
    setError(null);
    setFormError(null);
    setSending(true);
    const outcome = await postOpeningMessage(
      '/api/internal/conversations',
      { recipient: username, body: checked.body },
      conversationHref,
      'Starting a conversation failed',
    );
    if (outcome.kind === 'opened') return;
    setFormError(outcome.kind === 'rateLimited' ? labels.rateLimited : labels.failed);
    setSending(false);
  }

  if (!open)
    return (
      <button
        type="button"
        className="button"
        disabled={!hydrated}
        onClick={() => {
          setOpen(true);
          requestAnimationFrame(() => textarea.current?.focus());
        }}
      >
        {labels.button}
      </button>
    );
  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={fillTemplate(labels.formLabel, { username })}
    >
      <MessageBodyField
        id={`${id}-body`}
        label={labels.message}
        rows={5}
        value={body}
        onChange={(value) => {
          setBody(value);
          if (error) setError(null);
        }}
        error={error}
        textareaRef={textarea}
        remaining={{ one: labels.remainingOne, other: labels.remainingOther }}
        languageTag={languageTag}
      />
      {formError && (
        <p className={styles.error} role="alert">
          {formError}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={sending || !hydrated}>
          {sending ? labels.sending : labels.send}
        </button>
        <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
          {labels.cancel}
        </button>
      </div>
    </form>
  );
}
