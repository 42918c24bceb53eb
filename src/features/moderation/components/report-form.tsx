'use client';

import { useId, useState } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import { maxReportNoteLength, reportReasons } from '../limits';
import styles from './report-form.module.css';

export interface ReportFormTexts {
  open: string;
  title: string;
  reason: string;
  note: string;
  send: string;
  cancel: string;
  sending: string;
  sent: string;
  already: string;
  limited: string;
  gone: string;
  failed: string;
  reasons: Record<(typeof reportReasons)[number], string>;
}

type Outcome = 'sent' | 'already' | 'limited' | 'gone' | 'failed';

/** "Report": a folded form (reason, note) that files a report of one subject (decision 0043). */
export function ReportForm({
  subjectType,
  subjectId,
  texts,
  label,
}: {
  subjectType: string;
  subjectId: number;
  texts: ReportFormTexts;
  /** The accessible name of the opening control ("Report the post by …"). */
  label?: string;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      const response = await postToApi('/api/internal/reports', {
        json: { subjectType, subjectId, reason: form.get('reason'), note: form.get('note') ?? '' },
      });
      if (response.ok) {
        const body = (await response.json()) as { data: { alreadyReported: boolean } };
        setOutcome(body.data.alreadyReported ? 'already' : 'sent');
        setOpen(false);
      } else setOutcome(response.status === 429 ? 'limited' : response.status === 404 ? 'gone' : 'failed');
    } catch (error) {
      reportClientError('Report failed', error);
      setOutcome('failed');
    } finally {
      setBusy(false);
    }
  }
  if (outcome === 'sent' || outcome === 'already')
    return (
      <p role="status" className={styles.status}>
        {texts[outcome]}
      </p>
    );
  return (
    <div className={styles.report}>
      {!open && (
        <button
          type="button"
          className={styles.open}
          aria-label={label}
          disabled={!hydrated}
          onClick={() => setOpen(true)}
        >
          {texts.open}
        </button>
      )}
      {open && (
        <form className={styles.form} onSubmit={submit} aria-labelledby={`${id}-title`}>
          <strong id={`${id}-title`}>{texts.title}</strong>
          <label>
            {texts.reason}
            <select name="reason" defaultValue="spam">
              {reportReasons.map((reason) => (
                <option key={reason} value={reason}>
                  {texts.reasons[reason]}
                </option>
              ))}
            </select>
          </label>
          <label>
            {texts.note}
            <textarea name="note" rows={2} maxLength={maxReportNoteLength} />
          </label>
          <span className={styles.buttons}>
            <button type="submit" className="button" disabled={busy}>
              {busy ? texts.sending : texts.send}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
              {texts.cancel}
            </button>
          </span>
        </form>
      )}
      {outcome && (
        <p role="alert" className={styles.error}>
          {texts[outcome]}
        </p>
      )}
    </div>
  );
}
