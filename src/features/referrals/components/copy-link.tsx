'use client';

import { useId, useState } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';

import styles from './invite.module.css';

/** The referral link in a read-only field, with a button that copies it. */
export function CopyLink({
  url,
  labels,
}: {
  url: string;
  labels: { link: string; copy: string; copied: string };
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refused permission): the field is selected to copy by hand.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  }
  return (
    <div className={styles.copy}>
      <label htmlFor={id}>{labels.link}</label>
      <div className={styles.copyRow}>
        <input
          id={id}
          readOnly
          value={url}
          data-testid="referral-link"
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="button" onClick={copy} disabled={!hydrated}>
          {labels.copy}
        </button>
      </div>
      <p role="status" aria-live="polite" className={styles.status}>
        {copied ? labels.copied : ''}
      </p>
    </div>
  );
}
