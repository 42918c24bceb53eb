'use client';

import { useId } from 'react';

import { UploadProgressList, useFileUploads } from '@/components/ui/file-uploads';
import { modelFileFormats, pictureFormats } from '@/features/geometry/api';

import { checkUploadRequest, type UploadKind, type UploadRefusal } from '../upload-rules';
import styles from './studio.module.css';

export type UploadTexts = Record<
  UploadRefusal | 'limit' | 'failed' | 'label' | 'hint' | 'uploading' | 'uploaded' | 'progress',
  string
>;

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
  const { uploads, onChange } = useFileUploads({
    endpoint,
    check: (file): UploadRefusal | 'limit' | null => {
      const checked = checkUploadRequest(kind, file.name, file.size, maxFileBytes);
      return checked.ok ? null : checked.refusal;
    },
    message: (refusal) => (refusal ? texts[refusal] : texts.failed),
  });

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
      <UploadProgressList uploads={uploads} texts={texts} />
    </div>
  );
}
