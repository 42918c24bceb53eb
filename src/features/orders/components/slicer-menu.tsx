'use client';

import { useState } from 'react';

import { DisclosureMenu } from '@/components/layout/disclosure-menu';
import { useHydrated } from '@/components/ui/use-hydrated';

import type { DownloadFile } from '../schemas';
import { fileForSlicer, slicerOpenUrl, slicers, type Slicer } from '../slicers';
import styles from './slicer-menu.module.css';

export type SlicerMenuLabels = Record<
  'openIn' | 'opening' | 'nothingHappened' | 'openAgain' | 'downloadFile' | 'prusaDownload' | 'failed',
  string
>;

type State =
  | { kind: 'idle' | 'busy' | 'failed' }
  | { kind: 'opened'; slicer: Slicer; file: DownloadFile; link: string }
  | { kind: 'downloaded'; slicer: Slicer; file: DownloadFile };

/** Bambu Studio listens to another scheme on macOS; iPhones and iPads have no desktop slicer anyway. */
function onMac(): boolean {
  return /Macintosh|Mac OS X/.test(navigator.userAgent) && !/iPhone|iPad/.test(navigator.userAgent);
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * "Open in slicer" (decision 0059): the chosen slicer is handed a fifteen-minute link to the best file
 * it opens, and downloads it itself. `files` are given on the purchases page; on a free model's page
 * `loadFiles` records the free download, as the download button does, and gives fresh links each time.
 * A browser cannot tell whether the slicer is installed, so the file's own download link is always
 * shown after the click.
 */
export function SlicerMenu({
  formats,
  files,
  loadFiles,
  labels,
}: {
  /** The model's file formats: a slicer that opens none of them is not offered. */
  formats: readonly string[];
  files?: DownloadFile[];
  loadFiles?: () => Promise<DownloadFile[] | null>;
  labels: SlicerMenuLabels;
}) {
  const hydrated = useHydrated();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const offered = slicers.filter((slicer) =>
    fileForSlicer(
      slicer,
      formats.map((format) => ({ format })),
    ),
  );
  if (offered.length === 0) return null;

  async function open(slicer: Slicer) {
    setState({ kind: 'busy' });
    const list = files ?? (await loadFiles?.()) ?? null;
    // `loadFiles` shows its own error (a rate limit, a failed request).
    if (!list) return setState({ kind: 'idle' });
    const file = fileForSlicer(slicer, list);
    if (!file?.slicerUrl) return setState({ kind: 'failed' });
    if (!slicer.opensLinks) {
      setState({ kind: 'downloaded', slicer, file });
      return window.location.assign(file.href);
    }
    const link = slicerOpenUrl(slicer, file.slicerUrl, onMac());
    setState({ kind: 'opened', slicer, file, link });
    window.location.assign(link);
  }

  return (
    <div className={styles.box}>
      <DisclosureMenu summary={labels.openIn} className={styles.menu}>
        <ul>
          {offered.map((slicer) => (
            <li key={slicer.id}>
              <button
                type="button"
                onClick={() => void open(slicer)}
                disabled={!hydrated || state.kind === 'busy'}
                data-slicer={slicer.id}
              >
                {slicer.name}
              </button>
            </li>
          ))}
        </ul>
      </DisclosureMenu>
      {/* Always there, so that screen readers announce what is put in it. */}
      <div role="status">
        {state.kind === 'opened' ? (
          <p className={styles.status}>
            {fill(labels.opening, { slicer: state.slicer.name, file: state.file.fileName })}{' '}
            {fill(labels.nothingHappened, { slicer: state.slicer.name })}{' '}
            <a href={state.link}>{labels.openAgain}</a> ·{' '}
            <a href={state.file.href} download={state.file.fileName}>
              {labels.downloadFile}
            </a>
          </p>
        ) : null}
        {state.kind === 'downloaded' ? (
          <p className={styles.status}>
            {fill(labels.prusaDownload, { slicer: state.slicer.name, file: state.file.fileName })}
          </p>
        ) : null}
      </div>
      {state.kind === 'failed' ? (
        <p role="alert" className={styles.error}>
          {labels.failed}
        </p>
      ) : null}
    </div>
  );
}
