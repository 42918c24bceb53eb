'use client';

import { useId, useState, type FormEvent } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi, uploadToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';
import { fillTemplate } from '@/lib/template';

import { deliveryNoteMaxLength, maxDeliveryFiles } from '../application-schemas';
import styles from './work.module.css';

export type DeliveryFormTexts = Record<
  | 'sendDelivery'
  | 'deliveryNote'
  | 'files'
  | 'sending'
  | 'uploading'
  | 'refusal_type'
  | 'refusal_content'
  | 'refusal_too_large'
  | 'refusal_empty'
  | 'refusal_name'
  | 'filesRequired'
  | 'filesTooMany'
  | 'failed'
  | 'conflict',
  string
>;

type Refusal = 'type' | 'content' | 'too_large' | 'empty' | 'name';

/**
 * The designer's delivery: a note and 1–10 files, each uploaded as its own raw POST with progress,
 * then sent together (the project becomes delivered).
 */
export function WorkDeliveryForm({ projectId, texts }: { projectId: number; texts: DeliveryFormTexts }) {
  const id = useId();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ name: string; share: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filesError, setFilesError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const files = form.getAll('files').filter((f): f is File => f instanceof File && f.name !== '');
    setError(null);
    if (files.length === 0) return setFilesError(texts.filesRequired);
    if (files.length > maxDeliveryFiles) return setFilesError(texts.filesTooMany);
    setFilesError(null);
    setBusy(true);
    try {
      const tokens: string[] = [];
      for (const file of files) {
        setProgress({ name: file.name, share: 0 });
        const answer = await uploadToApi(
          `/api/internal/projects/${projectId}/deliveries/files?name=${encodeURIComponent(file.name)}`,
          file,
          (share) => setProgress({ name: file.name, share }),
        );
        const body = answer.body as { data?: { token: string }; error?: { refusal?: Refusal } } | null;
        if (answer.status === 201 && body?.data) {
          tokens.push(body.data.token);
          continue;
        }
        const refusal = body?.error?.refusal;
        if (refusal) return setFilesError(`${file.name}: ${texts[`refusal_${refusal}`]}`);
        if (answer.status === 409) return setError(texts.conflict);
        if (answer.status === 413) return setFilesError(`${file.name}: ${texts.refusal_too_large}`);
        throw new Error(`HTTP ${answer.status}`);
      }
      setProgress(null);
      const response = await postToApi(`/api/internal/projects/${projectId}/deliveries`, {
        json: { note: String(form.get('note') ?? ''), files: tokens },
      });
      if (response.ok) return window.location.reload();
      if (response.status === 409) return setError(texts.conflict);
      throw new Error(`HTTP ${response.status}`);
    } catch (caught) {
      reportClientError('Delivery failed', caught);
      setError(texts.failed);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <h3>{texts.sendDelivery}</h3>
      <div className={styles.field}>
        <label htmlFor={`${id}-note`}>{texts.deliveryNote}</label>
        <textarea id={`${id}-note`} name="note" maxLength={deliveryNoteMaxLength} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-files`}>{texts.files}</label>
        <input
          id={`${id}-files`}
          name="files"
          type="file"
          multiple
          aria-invalid={filesError ? true : undefined}
          aria-describedby={filesError ? `${id}-files-error` : undefined}
        />
        {filesError && (
          <p className={styles.error} id={`${id}-files-error`}>
            {filesError}
          </p>
        )}
      </div>
      {progress && (
        <div>
          <p className={styles.hint} aria-live="polite">
            {fillTemplate(texts.uploading, {
              name: progress.name,
              percent: Math.round(progress.share * 100),
            })}
          </p>
          <progress className={styles.progress} max={1} value={progress.share} />
        </div>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.row}>
        <button type="submit" className="button" disabled={busy || !hydrated}>
          {busy ? texts.sending : texts.sendDelivery}
        </button>
      </div>
    </form>
  );
}
