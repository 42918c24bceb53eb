'use client';

import { useId } from 'react';

import { UploadProgressList, useFileUploads } from '@/components/ui/file-uploads';
import { isAcceptableFileName, maxPictureBytes, pictureFormats } from '@/features/geometry/api';
import { fileExtension } from '@/features/geometry/api';

import styles from './board.module.css';

type Refusal = 'type' | 'too_large' | 'empty' | 'content' | 'name' | 'limit' | 'not_editable';

export type ProjectImageUploadTexts = Record<
  Refusal | 'imagesLabel' | 'imagesHint' | 'uploadFailed' | 'uploading' | 'uploaded' | 'progress',
  string
>;

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
  const { uploads, onChange } = useFileUploads({
    endpoint,
    check: refusalOf,
    message: (refusal: Refusal | undefined) => (refusal ? texts[refusal] : texts.uploadFailed),
  });

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
      <UploadProgressList uploads={uploads} texts={texts} />
    </div>
  );
}
