'use client';

import { useState, type FormEvent } from 'react';

import { reportClientError } from '@/lib/client-errors';
import { fillTemplate } from '@/lib/template';

import {
  businessFields,
  validateBusinessApplication,
  businessTextMaxLength,
  type BusinessField,
  type BusinessFieldError,
} from '../schemas';
import styles from './business-application-form.module.css';
import { postToApi } from '@/lib/api-client';
import { useHydrated } from '@/components/ui/use-hydrated';

type Errors = Partial<Record<BusinessField, BusinessFieldError>>;

/** Spec §3/§4/§5: company name, your name and email; 'This field is required', 'Invalid email'; success message. */
export type BusinessFormLabels = Record<
  | 'companyName'
  | 'contactName'
  | 'email'
  | 'submit'
  | 'submitting'
  | 'success'
  | 'required'
  | 'invalidEmail'
  | 'tooLong'
  | 'failed',
  string
>;

export function BusinessApplicationForm({ locale, labels }: { locale: string; labels: BusinessFormLabels }) {
  const t = (key: keyof BusinessFormLabels) => labels[key];
  const [errors, setErrors] = useState<Errors>({});
  const hydrated = useHydrated();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');

  const messageOf = (error: BusinessFieldError | undefined) =>
    error === 'required'
      ? t('required')
      : error === 'invalid_email'
        ? t('invalidEmail')
        : error === 'too_long'
          ? fillTemplate(t('tooLong'), { max: businessTextMaxLength })
          : null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'sending' || state === 'sent') return;
    const form = new FormData(event.currentTarget);
    const input = {
      ...Object.fromEntries(businessFields.map((f) => [f, String(form.get(f) ?? '')])),
      locale,
    };
    const checked = validateBusinessApplication(input);
    if (!checked.ok) {
      setErrors(checked.fieldErrors);
      return;
    }
    setErrors({});
    setState('sending');
    try {
      const response = await postToApi('/api/internal/business_applications', { json: input });
      if (response.status === 400) {
        const body = (await response.json()) as { error: { fieldErrors?: Errors } };
        setErrors(body.error.fieldErrors ?? {});
        setState('idle');
        return;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      setState('sent');
    } catch (error) {
      reportClientError('Business application failed', error);
      setState('failed');
    }
  }

  if (state === 'sent') {
    return (
      <p className={styles.success} role="status">
        {t('success')}
      </p>
    );
  }
  const fieldLabels: Record<BusinessField, string> = {
    companyName: t('companyName'),
    contactName: t('contactName'),
    email: t('email'),
  };
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {businessFields.map((field) => {
        const message = messageOf(errors[field]);
        return (
          <div key={field} className={styles.field}>
            <label htmlFor={`business-${field}`}>{fieldLabels[field]}</label>
            <input
              id={`business-${field}`}
              name={field}
              type={field === 'email' ? 'email' : 'text'}
              autoComplete={field === 'email' ? 'email' : field === 'companyName' ? 'organization' : 'name'}
              required
              maxLength={field === 'email' ? 254 : businessTextMaxLength}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `business-${field}-error` : undefined}
            />
            {message && (
              <p id={`business-${field}-error`} className={styles.error}>
                {message}
              </p>
            )}
          </div>
        );
      })}
      {state === 'failed' && (
        <p className={styles.error} role="alert">
          {t('failed')}
        </p>
      )}
      <button type="submit" className="button" disabled={state === 'sending' || !hydrated}>
        {state === 'sending' ? t('submitting') : t('submit')}
      </button>
    </form>
  );
}
