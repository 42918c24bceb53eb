'use client';

import { useState } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import type { FreeDownloadDto } from '../schemas';
import styles from './free-download.module.css';
import { SlicerMenu, type SlicerMenuLabels } from './slicer-menu';

export type FreeDownloadLabels = Record<
  'download' | 'downloading' | 'logIn' | 'added' | 'purchases' | 'failed' | 'rateLimited' | 'files',
  string
>;

/**
 * A free model's one-click download (decision 0035): a signed-in visitor gets it at once — recorded in
 * their purchases with a licence certificate — and the download starts (with several files, each is
 * listed); a guest is asked to log in and comes back to this page. "Open in slicer" records the same
 * download, then hands the file to the slicer (decision 0059).
 */
export function FreeDownload({
  modelId,
  signedIn,
  formats,
  hrefs,
  labels,
  slicerLabels,
}: {
  modelId: number;
  signedIn: boolean;
  /** The model's file formats, for the slicers that open one of them. */
  formats: readonly string[];
  hrefs: { logIn: string; purchases: string };
  labels: FreeDownloadLabels;
  slicerLabels: SlicerMenuLabels;
}) {
  const hydrated = useHydrated();
  const [state, setState] = useState<'idle' | 'busy' | 'failed' | 'rateLimited'>('idle');
  const [files, setFiles] = useState<FreeDownloadDto['files'] | null>(null);

  if (!signedIn)
    return (
      <a className="button" href={hrefs.logIn}>
        {labels.logIn}
      </a>
    );

  /** Records the download (once: later calls find the order) and returns the files' links. */
  async function requestFiles(): Promise<FreeDownloadDto['files'] | null> {
    setState('busy');
    try {
      const response = await postToApi('/api/internal/free_downloads', { json: { modelId } });
      if (response.status === 429) {
        setState('rateLimited');
        return null;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const { data } = (await response.json()) as { data: FreeDownloadDto };
      setFiles(data.files);
      setState('idle');
      return data.files;
    } catch (error) {
      reportClientError('Free download failed', error);
      setState('failed');
      return null;
    }
  }

  async function download() {
    const downloaded = await requestFiles();
    if (downloaded?.length === 1) window.location.assign(downloaded[0]!.href);
  }

  return (
    <div className={styles.box}>
      {files === null ? (
        <button type="button" className="button" onClick={download} disabled={state === 'busy' || !hydrated}>
          {state === 'busy' ? labels.downloading : labels.download}
        </button>
      ) : (
        <div role="status" className={styles.done} data-testid="free-download-done">
          <p>
            {labels.added} <a href={hrefs.purchases}>{labels.purchases}</a>
          </p>
          {files.length > 0 ? (
            <ul aria-label={labels.files}>
              {files.map((file) => (
                <li key={file.id}>
                  <a href={file.href} download={file.fileName}>
                    {file.fileName}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
      <SlicerMenu formats={formats} loadFiles={requestFiles} labels={slicerLabels} />
      {state === 'failed' || state === 'rateLimited' ? (
        <p role="alert" className={styles.error}>
          {state === 'failed' ? labels.failed : labels.rateLimited}
        </p>
      ) : null}
    </div>
  );
}
