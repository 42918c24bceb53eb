'use client';

import { useId, useState, type FormEvent } from 'react';

import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import type { AccountFieldError } from '../schemas';
import styles from './account-form.module.css';
import { useHydrated } from '@/components/ui/use-hydrated';

export interface AccountField {
  name: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  label: string;
  hint?: string;
  maxLength?: number;
}

export type AccountFormTexts = Record<
  AccountFieldError | 'invalid_credentials' | 'invalid_token' | 'email_in_use' | 'rate_limited' | 'failed',
  string
> & { submit: string; submitting: string; success?: string };

/**
 * The one form of the account pages (sign up, log in, password reset): posts its fields (plus
 * `extra`) as JSON to `endpoint`; shows the server's field errors in the visitor's language; on
 * success goes to `successHref`, or shows `texts.success`.
 */
export function AccountForm({
  endpoint,
  fields,
  texts,
  extra = {},
  successHref,
}: {
  endpoint: string;
  fields: AccountField[];
  texts: AccountFormTexts;
  extra?: Record<string, string>;
  successHref?: string;
}) {
  const id = useId();
  const [errors, setErrors] = useState<Record<string, AccountFieldError>>({});
  const hydrated = useHydrated();
  const [formError, setFormError] = useState<keyof AccountFormTexts | null>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state !== 'idle') return;
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries(fields.map((f) => [f.name, String(form.get(f.name) ?? '')]));
    setState('sending');
    setFormError(null);
    try {
      const response = await postToApi(endpoint, { json: { ...values, ...extra } });
      if (response.ok) {
        setErrors({});
        if (successHref) {
          window.location.assign(successHref);
          return;
        }
        setState('done');
        return;
      }
      setState('idle');
      if (response.status === 429) return setFormError('rate_limited');
      if (response.status !== 400) throw new Error(`HTTP ${response.status}`);
      const body = (await response.json()) as {
        error: {
          fieldErrors?: Record<string, AccountFieldError>;
          formError?: 'invalid_credentials' | 'invalid_token' | 'email_in_use';
        };
      };
      setErrors(body.error.fieldErrors ?? {});
      setFormError(body.error.formError ?? null);
    } catch (error) {
      reportClientError(`Account form ${endpoint} failed`, error);
      setState('idle');
      setFormError('failed');
    }
  }

  if (state === 'done' && texts.success) {
    return (
      <p className={styles.success} role="status">
        {texts.success}
      </p>
    );
  }
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {fields.map((field) => {
        const error = errors[field.name];
        const errorId = `${id}-${field.name}-error`;
        const hintId = `${id}-${field.name}-hint`;
        return (
          <div className={styles.field} key={field.name}>
            <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
            <input
              id={`${id}-${field.name}`}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              maxLength={field.maxLength}
              aria-invalid={error ? true : undefined}
              aria-describedby={
                [error ? errorId : null, field.hint ? hintId : null].filter(Boolean).join(' ') || undefined
              }
            />
            {field.hint && (
              <p className={styles.hint} id={hintId}>
                {field.hint}
              </p>
            )}
            {error && (
              <p className={styles.error} id={errorId}>
                {texts[error]}
              </p>
            )}
          </div>
        );
      })}
      {formError && (
        <p className={styles.error} role="alert">
          {texts[formError]}
        </p>
      )}
      <button type="submit" className="button" disabled={state !== 'idle' || !hydrated}>
        {state === 'sending' ? texts.submitting : texts.submit}
      </button>
    </form>
  );
}
