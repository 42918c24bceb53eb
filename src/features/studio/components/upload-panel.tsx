'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type ChangeEvent } from 'react';

import { uploadToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';
import { modelFileFormats, pictureFormats } from '@/lib/file-formats';
import { fillTemplate } from '@/lib/template';

import { checkUploadRequest, type UploadKind, type UploadRefusal } from '../upload-rules';
import styles from './studio.module.css';

export type UploadTexts = Record<
  UploadRefusal | 'limit' | 'failed' | 'label' | 'hint' | 'uploading' | 'uploaded' | 'progress',
  string
>;

interface Upload {
  key: string;
  name: string;
  share: number;
  state: 'uploading' | 'uploaded' | 'refused';
  message?: string;
}

/**
 * Chooses files and uploads each one as it is (one request per file) with its own progress bar.
 * The type and size are checked here first, and again by the server, which also checks the content.
 */
export function UploadPanel({
  endpoint,
  kind,
  maxFileBytes,
  texts,
}: {
  endpoint: string;
  kind: UploadKind;
  maxFileBytes: number;
  texts: UploadTexts;
}) {
  const id = useId();
  const router = useRouter();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const update = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  async function uploadOne(file: File, key: string): Promise<boolean> {
    const checked = checkUploadRequest(kind, file.name, file.size, maxFileBytes);
    if (!checked.ok) {
      update(key, { state: 'refused', message: texts[checked.refusal] });
      return false;
    }
    try {
      const answer = await uploadToApi(`${endpoint}?name=${encodeURIComponent(file.name)}`, file, (share) =>
        update(key, { share }),
      );
      if (answer.status === 201) {
        update(key, { state: 'uploaded', share: 1 });
        return true;
      }
      const refusal = (answer.body as { error?: { refusal?: UploadRefusal | 'limit' } } | null)?.error
        ?.refusal;
      update(key, { state: 'refused', message: refusal ? texts[refusal] : texts.failed });
    } catch (error) {
      reportClientError(`Upload to ${endpoint} failed`, error);
      update(key, { state: 'refused', message: texts.failed });
    }
    return false;
  }

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const started = files.map((file, index) => ({
      key: `${Date.now()}-${index}-${file.name}`,
      name: file.name,
      share: 0,
      state: 'uploading' as const,
    }));
    setUploads((list) => [...started, ...list]);
    let stored = 0;
    // One after another: a seller's connection is better spent on one file at a time.
    for (const [index, file] of files.entries()) if (await uploadOne(file, started[index]!.key)) stored++;
    if (stored > 0) router.refresh();
  }

  const accept = (kind === 'file' ? modelFileFormats : pictureFormats).map((f) => `.${f}`).join(',');
  return (
    <div className={`${styles.field} ${styles.uploadPanel}`}>
      <label htmlFor={`${id}-input`}>{texts.label}</label>
      <input
        id={`${id}-input`}
        type="file"
        multiple
        accept={accept}
        onChange={onChange}
        aria-describedby={`${id}-hint`}
      />
      <p className={styles.hint} id={`${id}-hint`}>
        {texts.hint}
      </p>
      <ul className={styles.uploads} aria-live="polite">
        {uploads.map((upload) => (
          <li key={upload.key} className={styles.upload} data-testid="upload">
            <span className={styles.fileName}>{upload.name}</span>
            <span>
              {upload.state === 'uploading'
                ? fillTemplate(texts.progress, { percent: Math.round(upload.share * 100) })
                : upload.state === 'uploaded'
                  ? texts.uploaded
                  : ''}
            </span>
            {upload.state === 'refused' ? (
              <p className={styles.error}>{upload.message}</p>
            ) : (
              <progress
                max={100}
                value={Math.round(upload.share * 100)}
                aria-label={fillTemplate(texts.uploading, { name: upload.name })}
              />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
