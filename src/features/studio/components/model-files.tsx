'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';

import { reportClientError } from '@/lib/client-errors';
import { formatFileSize } from '@/lib/file-size';
import { formatDimensions, formatVolume } from '@/lib/measure';
import { fillTemplate } from '@/lib/template';

import type { AnalysisState, StudioFileDto } from '../schemas';
import { PostButton } from '@/components/ui/post-button';

import styles from './studio.module.css';

export type FilesTexts = Record<
  | AnalysisState
  | 'empty'
  | 'progress'
  | 'triangles'
  | 'vertices'
  | 'volume'
  | 'size'
  | 'watertight'
  | 'selfIntersections'
  | 'thinWalls'
  | 'degenerateFaces'
  | 'yes'
  | 'no'
  | 'notMeasured',
  string
> & { remove: { label: string; busy: string; failed: string } };

const pollMs = 1500;
const running = (files: StudioFileDto[]) =>
  files.some((f) => f.analysisState === 'queued' || f.analysisState === 'running');

/**
 * A model's files with their analyses: while one is queued or running, the list asks the server
 * again every 1.5 s and shows the progress; once all are done the page reloads its data (a rendered
 * picture may have appeared, and the review can be asked for). The page gives it a key that changes
 * with the server's list, so a new upload starts it afresh.
 */
export function ModelFiles({
  modelId,
  initial,
  editable,
  languageTag,
  texts,
}: {
  modelId: number;
  initial: StudioFileDto[];
  editable: boolean;
  /** BCP 47 tag of the page's language (`languageTags`). */
  languageTag: string;
  texts: FilesTexts;
}) {
  const router = useRouter();
  const [files, setFiles] = useState(initial);
  const wasRunning = useRef(running(initial));

  useEffect(() => {
    if (!running(files)) {
      if (wasRunning.current) {
        wasRunning.current = false;
        router.refresh();
      }
      return;
    }
    wasRunning.current = true;
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/internal/studio/models/${modelId}/analysis`, {
          cache: 'no-store',
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as { data: { files: StudioFileDto[] } };
        setFiles(body.data.files);
      } catch (error) {
        reportClientError('Analysis status failed', error);
        setFiles((list) => [...list]);
      }
    }, pollMs);
    return () => clearTimeout(timer);
  }, [files, modelId, router]);

  if (files.length === 0) return <p className={styles.hint}>{texts.empty}</p>;
  const number = new Intl.NumberFormat(languageTag, { maximumFractionDigits: 1 });
  return (
    <ul className={styles.files}>
      {files.map((file) => (
        <li key={file.id} className={styles.file} data-testid="model-file" data-state={file.analysisState}>
          <div className={styles.row}>
            <span className={styles.fileName}>{file.fileName}</span>
            <span>{formatFileSize(file.sizeBytes, languageTag)}</span>
            <span>{file.format.toUpperCase()}</span>
            {editable ? (
              <PostButton
                endpoint={`/api/internal/studio/models/${modelId}/files/${file.id}/remove`}
                json={{}}
                label={texts.remove.label}
                busyLabel={texts.remove.busy}
                ariaLabel={`${texts.remove.label}: ${file.fileName}`}
                texts={{ failed: texts.remove.failed }}
              />
            ) : null}
          </div>
          <p aria-live="polite">
            {file.analysisState === 'running' || file.analysisState === 'queued'
              ? `${texts[file.analysisState]} ${fillTemplate(texts.progress, { percent: file.progress })}`
              : texts[file.analysisState]}
          </p>
          {file.analysisState === 'running' || file.analysisState === 'queued' ? (
            <progress
              max={100}
              value={file.progress}
              aria-label={`${file.fileName}: ${texts[file.analysisState]}`}
            />
          ) : null}
          {file.analysisError ? <p className={styles.error}>{file.analysisError}</p> : null}
          {file.figures ? (
            <dl className={styles.figures}>
              <div>
                <dt>{texts.triangles}</dt>
                <dd>{number.format(file.figures.triangles)}</dd>
              </div>
              <div>
                <dt>{texts.vertices}</dt>
                <dd>{number.format(file.figures.vertices)}</dd>
              </div>
              <div>
                <dt>{texts.size}</dt>
                <dd>{formatDimensions(file.figures.size, languageTag)}</dd>
              </div>
              <div>
                <dt>{texts.volume}</dt>
                <dd>
                  {file.figures.volumeMm3 === null
                    ? texts.notMeasured
                    : formatVolume(file.figures.volumeMm3, languageTag)}
                </dd>
              </div>
              <div>
                <dt>{texts.watertight}</dt>
                <dd>{file.figures.watertight ? texts.yes : texts.no}</dd>
              </div>
              <div>
                <dt>{texts.selfIntersections}</dt>
                <dd>{number.format(file.figures.selfIntersections)}</dd>
              </div>
              <div>
                <dt>{texts.thinWalls}</dt>
                <dd>{`${number.format(file.figures.thinWallShare * 100)} %`}</dd>
              </div>
              {file.figures.degenerateFaces === null ? null : (
                <div>
                  <dt>{texts.degenerateFaces}</dt>
                  <dd>{number.format(file.figures.degenerateFaces)}</dd>
                </div>
              )}
            </dl>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
