'use client';

import { uploadToApi } from '@/lib/api-client';

import styles from './custom-models.module.css';

export interface UploadState {
  key: string;
  name: string;
  share: number;
  state: 'uploading' | 'uploaded' | 'refused';
  message?: string;
}

/** One progress bar per file being uploaded, with its outcome. */
export function UploadList({
  uploads,
  texts,
}: {
  uploads: UploadState[];
  texts: { uploading: string; uploaded: string };
}) {
  if (uploads.length === 0) return null;
  return (
    <ul className={styles.uploads} aria-live="polite">
      {uploads.map((upload) => (
        <li key={upload.key} className={styles.upload}>
          <span className={styles.uploadName}>{upload.name}</span>
          {upload.state === 'refused' ? (
            <span className={styles.error}>{upload.message}</span>
          ) : (
            <>
              <progress
                max={1}
                value={upload.share}
                aria-label={`${upload.name}: ${upload.state === 'uploaded' ? texts.uploaded : texts.uploading}`}
              />
              <span>{upload.state === 'uploaded' ? texts.uploaded : texts.uploading}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Uploads one file as the raw body (`?name=`), reporting progress; the refusal code when refused. */
export async function uploadFile(
  endpoint: string,
  file: File,
  onProgress: (share: number) => void,
): Promise<{ ok: true } | { ok: false; refusal: string }> {
  const answer = await uploadToApi(`${endpoint}?name=${encodeURIComponent(file.name)}`, file, onProgress);
  if (answer.status === 201) return { ok: true };
  const refusal = (answer.body as { error?: { refusal?: string; code?: string } } | null)?.error;
  return { ok: false, refusal: refusal?.refusal ?? (answer.status === 429 ? 'rate_limited' : 'failed') };
}
