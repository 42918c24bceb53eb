'use client';

import { useState, type FormEvent } from 'react';

import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import { validateInvitation, type InviteFieldError } from '../team-schemas';
import styles from './team.module.css';
import { useHydrated } from '@/components/ui/use-hydrated';

export type InviteFormTexts = Record<
  | 'email'
  | 'hint'
  | 'submit'
  | 'submitting'
  | 'required'
  | 'invalidEmail'
  | 'alreadyMember'
  | 'rateLimited'
  | 'failed',
  string
>;

/** The owner's invitation form (spec §5 texts); on success the page reloads with the new invitation. */
export function TeamInviteForm({
  locale,
  texts,
  afterHref,
}: {
  locale: string;
  texts: InviteFormTexts;
  afterHref: string;
}) {
  const [error, setError] = useState<InviteFieldError | null>(null);
  const hydrated = useHydrated();
  const [formError, setFormError] = useState<'rateLimited' | 'failed' | null>(null);
  const [sending, setSending] = useState(false);
  const messages: Record<InviteFieldError, string> = {
    required: texts.required,
    invalid_email: texts.invalidEmail,
    already_member: texts.alreadyMember,
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    const checked = validateInvitation({ email });
    setFormError(null);
    if (!checked.ok) return setError(checked.fieldErrors.email);
    setError(null);
    setSending(true);
    try {
      const response = await postToApi('/api/internal/team/invitations', { json: { email, locale } });
      if (response.ok) {
        window.location.assign(afterHref);
        return;
      }
      setSending(false);
      if (response.status === 429) return setFormError('rateLimited');
      if (response.status !== 400) throw new Error(`HTTP ${response.status}`);
      const body = (await response.json()) as { error: { fieldErrors?: { email?: InviteFieldError } } };
      setError(body.error.fieldErrors?.email ?? null);
    } catch (failure) {
      reportClientError('Team invitation failed', failure);
      setSending(false);
      setFormError('failed');
    }
  }

  return (
    <form className={styles.inviteForm} onSubmit={onSubmit} noValidate>
      <div className={styles.field}>
        <label htmlFor="team-invite-email">{texts.email}</label>
        <input
          id="team-invite-email"
          name="email"
          type="email"
          autoComplete="off"
          maxLength={254}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'team-invite-hint team-invite-error' : 'team-invite-hint'}
        />
        <p id="team-invite-hint" className={styles.hint}>
          {texts.hint}
        </p>
        {error && (
          <p id="team-invite-error" className={styles.error}>
            {messages[error]}
          </p>
        )}
      </div>
      {formError && (
        <p className={styles.error} role="alert">
          {texts[formError]}
        </p>
      )}
      <button type="submit" className="button" disabled={sending || !hydrated}>
        {sending ? texts.submitting : texts.submit}
      </button>
    </form>
  );
}
