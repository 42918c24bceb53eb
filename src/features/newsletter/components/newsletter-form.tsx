'use client';

import { useId, useState, type FormEvent } from 'react';

import { reportClientError } from '@/lib/client-errors';
import { isValidEmail } from '@/lib/email';

import styles from './newsletter-form.module.css';
import { postToApi } from '@/lib/api-client';
import { useHydrated } from '@/components/ui/use-hydrated';

type State = 'idle' | 'subscribing' | 'subscribed' | 'invalid' | 'failed';

/**
 * The footer's newsletter form (spec §4): the email is checked ('Invalid email') and stored; the
 * button then stays disabled and reads "subscribed".
 */
export type NewsletterLabels = Record<
  | 'title'
  | 'description'
  | 'emailLabel'
  | 'emailPlaceholder'
  | 'subscribe'
  | 'subscribing'
  | 'subscribed'
  | 'success'
  | 'invalidEmail'
  | 'failed',
  string
>;

export function NewsletterForm({ locale, labels }: { locale: string; labels: NewsletterLabels }) {
  const t = (key: keyof NewsletterLabels) => labels[key];
  const id = useId();
  const [state, setState] = useState<State>('idle');
  const hydrated = useHydrated();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'subscribing' || state === 'subscribed') return;
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    if (!isValidEmail(email)) {
      setState('invalid');
      return;
    }
    setState('subscribing');
    try {
      const response = await postToApi('/api/internal/newsletter_subscriptions', { json: { email, locale } });
      if (response.status === 400) setState('invalid');
      else if (!response.ok) throw new Error(`HTTP ${response.status}`);
      else setState('subscribed');
    } catch (error) {
      reportClientError('Newsletter subscription failed', error);
      setState('failed');
    }
  }

  const errorId = `${id}-error`;
  const message =
    state === 'invalid'
      ? t('invalidEmail')
      : state === 'failed'
        ? t('failed')
        : state === 'subscribed'
          ? t('success')
          : '';
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.text}>
        <p className={styles.title}>{t('title')}</p>
        <p className={styles.description}>{t('description')}</p>
      </div>
      <div className={styles.controls}>
        <label htmlFor={id} className="visually-hidden">
          {t('emailLabel')}
        </label>
        <input
          id={id}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          placeholder={t('emailPlaceholder')}
          aria-invalid={state === 'invalid' || undefined}
          aria-describedby={message ? errorId : undefined}
          readOnly={state === 'subscribed'}
          onChange={() => state === 'invalid' && setState('idle')}
        />
        <button
          type="submit"
          className="button"
          disabled={state === 'subscribing' || state === 'subscribed' || !hydrated}
        >
          {state === 'subscribed'
            ? t('subscribed')
            : state === 'subscribing'
              ? t('subscribing')
              : t('subscribe')}
        </button>
      </div>
      <p
        id={errorId}
        className={state === 'subscribed' ? styles.success : styles.error}
        role="status"
        aria-live="polite"
      >
        {message}
      </p>
    </form>
  );
}
