'use client';

import { useState } from 'react';

import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';
import { useHydrated } from '@/components/ui/use-hydrated';

import styles from './account-form.module.css';
import noticeStyles from './email-confirmation-notice.module.css';

/** The account page's note on an unconfirmed address, with a button that sends the link again. */
export function EmailConfirmationNotice({
  locale,
  texts,
}: {
  locale: string;
  texts: {
    unconfirmed: string;
    resend: string;
    resending: string;
    resent: string;
    rateLimited: string;
    failed: string;
  };
}) {
  const hydrated = useHydrated();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'rateLimited' | 'failed'>('idle');

  async function resend() {
    setState('sending');
    try {
      const response = await postToApi('/api/internal/users/email_confirmation/resend', { json: { locale } });
      if (response.status === 429) return setState('rateLimited');
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      setState('sent');
    } catch (error) {
      reportClientError('Resending the confirmation email failed', error);
      setState('failed');
    }
  }

  const message = { sent: texts.resent, rateLimited: texts.rateLimited, failed: texts.failed }[
    state as 'sent' | 'rateLimited' | 'failed'
  ];
  return (
    <div className={noticeStyles.notice}>
      <p>{texts.unconfirmed}</p>
      {state !== 'sent' && (
        <button
          type="button"
          className="button button-secondary"
          onClick={resend}
          disabled={!hydrated || state === 'sending'}
        >
          {state === 'sending' ? texts.resending : texts.resend}
        </button>
      )}
      <p className={state === 'sent' ? styles.success : styles.error} role="status">
        {message ?? ''}
      </p>
    </div>
  );
}
