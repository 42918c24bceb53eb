'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type ChangeEvent } from 'react';

import { uploadToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';
import { isAcceptableFileName, maxPictureBytes, pictureFormats } from '@/lib/file-formats';
import { fileExtension } from '@/lib/mesh-formats';
import { fillTemplate } from '@/lib/template';

import styles from './board.module.css';

type Refusal = 'type' | 'too_large' | 'empty' | 'content' | 'name' | 'limit' | 'not_editable';

export type ProjectImageUploadTexts = Record<
  Refusal | 'imagesLabel' | 'imagesHint' | 'uploadFailed' | 'uploading' | 'uploaded' | 'progress',
  string
>;

interface Upload {
  key: string;
  name: string;
  share: number;
  state: 'uploading' | 'uploaded' | 'refused';
  message?: string;
}

function refusalOf(file: File): Refusal | null {
  if (!isAcceptableFileName(file.name)) return 'name';
  if (!(pictureFormats as readonly string[]).includes(fileExtension(file.name))) return 'type';
  if (file.size <= 0) return 'empty';
  if (file.size >= maxPictureBytes) return 'too_large';
  return null;
}

/**
 * Reference pictures of a saved project: each chosen file goes up as it is (one raw request per file)
 * with its own progress bar; the type and size are checked here first, and again by the server,
 * which also checks the content. The page reloads its list when one was stored.
 */
export function ProjectImageUpload({
  endpoint,
  texts,
}: {
  endpoint: string;
  texts: ProjectImageUploadTexts;
}) {
  const id = useId();
  const router = useRouter();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const update = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  async function uploadOne(file: File, key: string): Promise<boolean> {
    const refusal = refusalOf(file);
    if (refusal) {
      update(key, { state: 'refused', message: texts[refusal] });
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
      update(key, { state: 'refused', message: refused ? texts[refused] : texts.uploadFailed });
    } catch (error) {
      reportClientError(`Upload to ${endpoint} failed`, error);
      update(key, { state: 'refused', message: texts.uploadFailed });
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
    for (const [index, file] of files.entries()) if (await uploadOne(file, started[index]!.key)) stored++;
    if (stored > 0) router.refresh();
  }

  return (
    <div className={styles.field}>
      <label htmlFor={`${id}-input`}>{texts.imagesLabel}</label>
      <input
        id={`${id}-input`}
        type="file"
        multiple
        accept={pictureFormats.map((f) => `.${f}`).join(',')}
        onChange={onChange}
        aria-describedby={`${id}-hint`}
      />
      <p className={styles.hint} id={`${id}-hint`}>
        {texts.imagesHint}
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
