'use client';

import { useId, useState, type ChangeEvent } from 'react';

import { reportClientError } from '@/lib/client-errors';

import styles from './custom-models.module.css';
import { UploadList, uploadFile, type UploadState } from './upload-list';

/**
 * The assigned designer's upload of a round's result: model files and pictures, one request per file
 * with a progress bar; the server checks each by content. The page reloads when all are done.
 */
export function ResultUpload({
  requestId,
  accept,
  texts,
}: {
  requestId: number;
  accept: string;
  texts: {
    label: string;
    hint: string;
    uploading: string;
    uploaded: string;
    failed: string;
    refusals: Record<string, string>;
  };
}) {
  const id = useId();
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const update = (key: string, change: Partial<UploadState>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = '';
    const started = files.map((file, i) => ({
      key: `${Date.now()}-${i}`,
      name: file.name,
      share: 0,
      state: 'uploading' as const,
    }));
    setUploads((list) => [...list, ...started]);
    let uploaded = 0;
    for (const [i, file] of files.entries()) {
      const key = started[i]!.key;
      try {
        const result = await uploadFile(`/api/internal/custom-models/${requestId}/results`, file, (share) =>
          update(key, { share }),
        );
        if (result.ok) uploaded += 1;
        update(
          key,
          result.ok
            ? { state: 'uploaded', share: 1 }
            : { state: 'refused', message: texts.refusals[result.refusal] ?? texts.failed },
        );
      } catch (error) {
        reportClientError('Result upload failed', error);
        update(key, { state: 'refused', message: texts.failed });
      }
    }
    if (uploaded === files.length && uploaded > 0) window.location.reload();
  }

  return (
    <div className={styles.field}>
      <label htmlFor={`${id}-files`}>{texts.label}</label>
      <input
        id={`${id}-files`}
        type="file"
        multiple
        accept={accept}
        onChange={onChange}
        aria-describedby={`${id}-hint`}
      />
      <p className={styles.hint} id={`${id}-hint`}>
        {texts.hint}
      </p>
      <UploadList uploads={uploads} texts={texts} />
    </div>
  );
}
