'use client';

import { useRouter } from 'next/navigation';
import { useState, type ChangeEvent } from 'react';

import { uploadToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';
import { fillTemplate } from '@/lib/template';

import styles from './file-uploads.module.css';

/** One chosen file on its way up: its share sent so far (0–1), then stored or refused (why). */
export interface FileUpload {
  key: string;
  name: string;
  share: number;
  state: 'uploading' | 'uploaded' | 'refused';
  message?: string;
}

/**
 * The files chosen in a file input, each uploaded as it is (one raw request per file, `?name=`)
 * with its progress; `check` refuses a file before it goes up (the server checks again), `message`
 * gives a refusal's text (the server's code, or none when the request failed). The page reloads its
 * list when at least one file was stored.
 */
export function useFileUploads<Refusal extends string>({
  endpoint,
  check,
  message,
}: {
  endpoint: string;
  check: (file: File) => Refusal | null;
  message: (refusal: Refusal | undefined) => string;
}) {
  const router = useRouter();
  const [uploads, setUploads] = useState<FileUpload[]>([]);
  const update = (key: string, change: Partial<FileUpload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  async function uploadOne(file: File, key: string): Promise<boolean> {
    const refusal = check(file);
    if (refusal) {
      update(key, { state: 'refused', message: message(refusal) });
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
      const refused = (answer.body as { error?: { refusal?: Refusal } } | null)?.error?.refusal;
      update(key, { state: 'refused', message: message(refused) });
    } catch (error) {
      reportClientError(`Upload to ${endpoint} failed`, error);
      update(key, { state: 'refused', message: message(undefined) });
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
    // One after another: a connection is better spent on one file at a time.
    for (const [index, file] of files.entries()) if (await uploadOne(file, started[index]!.key)) stored++;
    if (stored > 0) router.refresh();
  }

  return { uploads, onChange };
}

/**
 * One row per upload: the file's name, "{percent} %" or "Uploaded", and its progress bar (the
 * refusal's text instead when refused).
 */
export function UploadProgressList({
  uploads,
  texts,
}: {
  uploads: FileUpload[];
  /** `progress` has {percent}, `uploading` (the bar's name) has {name}. */
  texts: { progress: string; uploaded: string; uploading: string };
}) {
  return (
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
  );
}
