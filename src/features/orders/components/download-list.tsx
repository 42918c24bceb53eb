import { languageTags, type Locale } from '@/i18n/routing';
import { formatFileSize } from '@/lib/file-size';

import type { PurchaseWithDownloads } from '../server/queries';
import styles from './orders.module.css';
import { SlicerMenu } from './slicer-menu';
import { slicerMenuLabels } from './slicer-texts';

/**
 * A bought model's files as download buttons (signed links), and "Open in slicer" when a slicer opens
 * one of them; or a note when it has none.
 */
export async function DownloadList({
  files,
  locale,
  label,
  noFiles,
  downloadLabel,
}: {
  files: PurchaseWithDownloads['files'];
  locale: Locale;
  label: string;
  noFiles: string;
  downloadLabel: (fileName: string) => string;
}) {
  if (files.length === 0) return <p className={styles.meta}>{noFiles}</p>;
  return (
    <>
      <ul className={styles.files} aria-label={label}>
        {files.map((file) => (
          <li key={file.id}>
            <a className="button button-secondary" href={file.href} download={file.fileName}>
              {downloadLabel(file.fileName)} ({formatFileSize(file.sizeBytes, languageTags[locale])})
            </a>
          </li>
        ))}
      </ul>
      <SlicerMenu
        formats={files.filter((file) => file.slicerUrl).map((file) => file.format)}
        files={files}
        labels={await slicerMenuLabels()}
      />
    </>
  );
}
