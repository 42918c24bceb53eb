'use client';

import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';

import { reportClientError } from '@/lib/client-errors';
import { fillTemplate } from '@/lib/template';

import { remainingCharactersText } from '../remaining-characters';
import {
  supportFields,
  supportMessageMaxLength,
  validateSupportMessage,
  type SupportField,
  type SupportFieldError,
  type SupportFieldErrors,
  type SupportMessageValue,
} from '../schemas';
import styles from './support-message-form.module.css';
import { postToApi } from '@/lib/api-client';
import { useHydrated } from '@/components/ui/use-hydrated';

/**
 * Every text of the form, translated by the page (`support.SupportMessageForm` in messages/). Templates:
 * `formLabel` has `{designer}`; `remainingOne`/`remainingOther` have `{count}`; `tooLong` has `{max}`.
 */
export type SupportFormLabels = Record<
  | 'formLabel'
  | 'message'
  | 'remainingOne'
  | 'remainingOther'
  | 'submit'
  | 'submitting'
  | 'success'
  | 'required'
  | 'tooLong'
  | 'self'
  | 'logInPrompt'
  | 'logIn'
  | 'failed'
  | 'rateLimited',
  string
>;

type State = 'idle' | 'sending' | 'sent' | 'failed' | 'rate_limited';

const maxLengths: Record<SupportField, number> = { message: supportMessageMaxLength };

/**
 * The model page's support form: a signed-in visitor's message to the model's designer, carried in
 * their `model_support` conversation (spec §5 remaining-character counter, §8 'Message has been
 * successfully sent', 'This field is required'). Checked in the browser with the server's rules, sent
 * once, and on failure everything typed is kept. A guest sees a log-in prompt instead of the fields.
 */
export function SupportMessageForm(props: {
  modelId: number;
  designerUsername: string;
  locale: string;
  labels: SupportFormLabels;
  /** Null for a signed-in visitor; a guest's way to log in (and come back). */
  logInHref: string | null;
  /** The visitor is the model's designer: there is nobody to ask. */
  ownModel?: boolean;
}) {
  if (props.ownModel) return <p className={styles.root}>{props.labels.self}</p>;
  if (props.logInHref !== null)
    return (
      <p className={styles.root}>
        {props.labels.logInPrompt} <a href={props.logInHref}>{props.labels.logIn}</a>
      </p>
    );
  return (
    <Form
      modelId={props.modelId}
      designerUsername={props.designerUsername}
      locale={props.locale}
      labels={props.labels}
    />
  );
}

function Form({
  modelId,
  designerUsername,
  locale,
  labels,
}: {
  modelId: number;
  designerUsername: string;
  locale: string;
  labels: SupportFormLabels;
}) {
  const id = useId();
  const [values, setValues] = useState<SupportMessageValue>({ message: '' });
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<SupportFieldErrors>({});
  const [state, setState] = useState<State>('idle');
  const [formError, setFormError] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const sending = useRef(false);
  const fieldRefs = useRef<Partial<Record<SupportField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const submitRef = useRef<HTMLButtonElement>(null);
  const successRef = useRef<HTMLParagraphElement>(null);

  // After the errors are rendered (so the field is announced with its error), focus the first invalid field.
  useEffect(() => {
    if (focusRequest === 0) return;
    const first = supportFields.find((field) => errors[field]);
    if (first) fieldRefs.current[first]?.focus();
    // Only a new request moves focus, not edits that change the errors.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  useEffect(() => {
    if (state === 'sent') successRef.current?.focus();
    // The button was disabled while sending and lost focus: give it back after a failure.
    else if ((state === 'failed' || state === 'rate_limited') && document.activeElement === document.body)
      submitRef.current?.focus();
  }, [state]);

  const messageOf = (error: SupportFieldError | undefined, field: SupportField) =>
    error === 'required'
      ? labels.required
      : error === 'too_long'
        ? fillTemplate(labels.tooLong, { max: maxLengths[field] })
        : null;

  function onChange(field: SupportField) {
    return (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = { ...values, [field]: event.target.value };
      setValues(next);
      // A shown error goes away as soon as the field is right (and changes if it is wrong in another way).
      if (errors[field]) {
        const checked = validateSupportMessage(next);
        setErrors({ ...errors, [field]: checked.ok ? undefined : checked.fieldErrors[field] });
      }
    };
  }

  function showErrors(fieldErrors: SupportFieldErrors) {
    setErrors(fieldErrors);
    setFocusRequest((n) => n + 1);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current || state === 'sent') return;
    const checked = validateSupportMessage(values);
    if (!checked.ok) {
      showErrors(checked.fieldErrors);
      return;
    }
    sending.current = true;
    setErrors({});
    setFormError(null);
    setState('sending');
    try {
      const response = await postToApi(
        `/api/internal/items/${encodeURIComponent(modelId)}/support_messages`,
        { json: checked.value },
      );
      if (response.status === 201) {
        setState('sent');
        return;
      }
      if (response.status === 429) {
        setState('rate_limited');
        return;
      }
      if (response.status === 400) {
        const body = (await response.json().catch(() => null)) as {
          error?: { fieldErrors?: SupportFieldErrors & { recipient?: string } };
        } | null;
        const { recipient, ...fieldErrors } = body?.error?.fieldErrors ?? {};
        if (recipient) {
          setFormError(labels.self);
          setState('idle');
          return;
        }
        if (Object.keys(fieldErrors).length > 0) {
          showErrors(fieldErrors);
          setState('idle');
          return;
        }
      }
      throw new Error(`HTTP ${response.status}`);
    } catch (error) {
      reportClientError('Support message failed', error);
      setState('failed');
    } finally {
      sending.current = false;
    }
  }

  const sent = state === 'sent';
  const remaining = Math.max(0, supportMessageMaxLength - values.message.length);
  const fieldLabels: Record<SupportField, string> = { message: labels.message };
  const shownFormError =
    state === 'failed' ? labels.failed : state === 'rate_limited' ? labels.rateLimited : formError;

  return (
    <div className={styles.root}>
      <div role="status">
        {sent && (
          <p ref={successRef} tabIndex={-1} className={styles.success}>
            {labels.success}
          </p>
        )}
      </div>
      {!sent && (
        <form
          className={styles.form}
          onSubmit={onSubmit}
          noValidate
          aria-label={fillTemplate(labels.formLabel, { designer: designerUsername })}
        >
          {supportFields.map((field) => {
            const error = messageOf(errors[field], field);
            const inputId = `${id}-${field}`;
            const errorId = `${inputId}-error`;
            const counterId = `${inputId}-counter`;
            const describedBy =
              [field === 'message' ? counterId : null, error ? errorId : null].filter(Boolean).join(' ') ||
              undefined;
            const common = {
              id: inputId,
              name: field,
              value: values[field],
              onChange: onChange(field),
              required: true,
              maxLength: maxLengths[field],
              'aria-invalid': error ? true : undefined,
              'aria-describedby': describedBy,
            };
            return (
              <div key={field} className={styles.field}>
                <label htmlFor={inputId}>{fieldLabels[field]}</label>
                <textarea
                  {...common}
                  ref={(element) => {
                    fieldRefs.current[field] = element;
                  }}
                  rows={6}
                />
                {field === 'message' && (
                  <p id={counterId} className={styles.counter} aria-live="polite">
                    {remainingCharactersText(
                      { one: labels.remainingOne, other: labels.remainingOther },
                      locale,
                      remaining,
                    )}
                  </p>
                )}
                {error && (
                  <p id={errorId} className={styles.error}>
                    {error}
                  </p>
                )}
              </div>
            );
          })}
          {shownFormError && (
            <p className={styles.error} role="alert">
              {shownFormError}
            </p>
          )}
          <button
            ref={submitRef}
            type="submit"
            className="button"
            disabled={state === 'sending' || !hydrated}
          >
            {state === 'sending' ? labels.submitting : labels.submit}
          </button>
        </form>
      )}
    </div>
  );
}
