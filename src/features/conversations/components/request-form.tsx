'use client';

import { useId, useRef, useState, type FormEvent } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { fillTemplate } from '@/lib/template';

import { messageBodyMaxLength, validateMessageBody } from '../conversation-message';
import { checkSubject, subjectMaxLength } from '../support-rules';
import { MessageBodyField } from './message-body-field';
import { postOpeningMessage } from './open-conversation';
import styles from './start-conversation.module.css';

/** Texts of a request form; `errors` by `field_code` (`message_required`, `format_unavailable`…). */
export interface RequestFormLabels {
  formLabel: string;
  message: string;
  send: string;
  sending: string;
  remainingOne: string;
  remainingOther: string;
  failed: string;
  rateLimited: string;
  errors: Record<string, string>;
  /** Shown with a button that opens the form; without it the form is open. */
  open?: string;
  cancel?: string;
  choice?: { label: string; placeholder: string; options: { value: string; label: string }[] };
  subject?: string;
}

/**
 * A first message that opens a conversation (a format request from the model page, feedback on a
 * bought model, the support form): an optional choice, an optional subject and the message. On success
 * the new conversation opens.
 */
export function RequestForm({
  endpoint,
  choiceName,
  conversationHref,
  languageTag,
  labels,
  testId,
}: {
  endpoint: string;
  /** The JSON field the choice is sent as (e.g. `format`). */
  choiceName?: string;
  /** The conversation page's path with `CONVERSATION_ID` in place of the id. */
  conversationHref: string;
  languageTag: string;
  labels: RequestFormLabels;
  testId?: string;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(labels.open === undefined);
  const [choice, setChoice] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const choiceRef = useRef<HTMLSelectElement>(null);
  const subjectRef = useRef<HTMLInputElement>(null);

  const clearError = (field: string) =>
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== field)));

  const errorText = (field: string, code: string) =>
    fillTemplate(labels.errors[`${field}_${code}`] ?? labels.failed, {
      max: field === 'subject' ? subjectMaxLength : messageBodyMaxLength,
    });

  function checkInBrowser(): Record<string, string> {
    const found: Record<string, string> = {};
    if (labels.choice && choice === '') found.choice = errorText('choice', 'required');
    if (labels.subject !== undefined) {
      const checked = checkSubject(subject);
      if (!checked.ok) found.subject = errorText('subject', checked.error);
    }
    const message = validateMessageBody(body);
    if (!message.ok) found.message = errorText('message', message.error);
    return found;
  }

  function focusFirst(found: Record<string, string>) {
    if (found.choice) choiceRef.current?.focus();
    else if (found.subject) subjectRef.current?.focus();
    else if (found.message) textarea.current?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const found = checkInBrowser();
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return focusFirst(found);
    setSending(true);
    const json: Record<string, string> = { message: body };
    if (labels.choice && choiceName) json[choiceName] = choice;
    if (labels.subject !== undefined) json.subject = subject;
    const outcome = await postOpeningMessage(endpoint, json, conversationHref, 'Sending a request failed');
    if (outcome.kind === 'opened') return;
    setSending(false);
    if (outcome.kind !== 'invalid')
      return setFormError(outcome.kind === 'rateLimited' ? labels.rateLimited : labels.failed);
    const server: Record<string, string> = {};
    for (const [field, code] of Object.entries(outcome.fieldErrors)) {
      const key = field === choiceName ? 'choice' : field;
      if (key === 'choice' || key === 'subject' || key === 'message') server[key] = errorText(key, code);
      else setFormError(labels.errors[`${field}_${code}`] ?? labels.failed);
    }
    setErrors(server);
    focusFirst(server);
  }

  if (!open)
    return (
      <button
        type="button"
        className="button button-secondary"
        disabled={!hydrated}
        onClick={() => {
          setOpen(true);
          requestAnimationFrame(() => (choiceRef.current ?? subjectRef.current ?? textarea.current)?.focus());
        }}
      >
        {labels.open}
      </button>
    );
  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={labels.formLabel}
      data-testid={testId}
    >
      {labels.choice && (
        <>
          <label htmlFor={`${id}-choice`}>{labels.choice.label}</label>
          <select
            ref={choiceRef}
            id={`${id}-choice`}
            value={choice}
            onChange={(event) => {
              setChoice(event.target.value);
              clearError('choice');
            }}
            aria-invalid={errors.choice ? true : undefined}
            aria-describedby={errors.choice ? `${id}-choice-error` : undefined}
          >
            <option value="">{labels.choice.placeholder}</option>
            {labels.choice.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {errors.choice && (
            <p id={`${id}-choice-error`} className={styles.error}>
              {errors.choice}
            </p>
          )}
        </>
      )}
      {labels.subject !== undefined && (
        <>
          <label htmlFor={`${id}-subject`}>{labels.subject}</label>
          <input
            ref={subjectRef}
            id={`${id}-subject`}
            className={styles.input}
            value={subject}
            maxLength={subjectMaxLength}
            onChange={(event) => {
              setSubject(event.target.value);
              clearError('subject');
            }}
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={errors.subject ? `${id}-subject-error` : undefined}
          />
          {errors.subject && (
            <p id={`${id}-subject-error`} className={styles.error}>
              {errors.subject}
            </p>
          )}
        </>
      )}
      <MessageBodyField
        id={`${id}-body`}
        label={labels.message}
        rows={5}
        value={body}
        onChange={(value) => {
          setBody(value);
          clearError('message');
        }}
        error={errors.message ?? null}
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
        {labels.open !== undefined && labels.cancel && (
          <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
            {labels.cancel}
          </button>
        )}
      </div>
    </form>
  );
}
