'use client';

import { useEffect, useRef, useState, type DragEvent } from 'react';

import { reportClientError } from '@/lib/client-errors';
import { buildHref } from '@/lib/query-string';

import styles from './image-search.module.css';
import { postToApi } from '@/lib/api-client';

export interface ImageSearchLabels {
  trigger: string;
  title: string;
  drop: string;
  choose: string;
  hint: string;
  uploading: string;
  failed: string;
}

export interface ImageSearchPanelProps {
  id: string;
  labels: ImageSearchLabels;
  /** The 3D models listing in the page's locale; success goes there with `image_id`. */
  listingUrl: string;
}

/** How long the failure notification stays. */
const notificationMs = 5000;

/**
 * The image search panel, loaded when first wanted: drop a picture (the first dropped file only) or
 * choose one; while it uploads the panel says so; success opens the models listing with its
 * `image_id`; a failure clears the uploading state and shows a notification that hides itself.
 */
export function ImageSearchPanel({ id, labels, listingUrl }: ImageSearchPanelProps) {
  const [uploading, setUploading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!failed) return;
    const timer = setTimeout(() => setFailed(false), notificationMs);
    return () => clearTimeout(timer);
  }, [failed]);

  async function upload(file: File) {
    setUploading(true);
    setFailed(false);
    try {
      const body = new FormData();
      body.append('file', file);
      const response = await postToApi('/api/internal/users/upload_search_image', { body });
      if (!response.ok) throw new Error(`upload answered ${response.status}`);
      const { data } = (await response.json()) as { data: { imageId: string } };
      window.location.assign(buildHref(listingUrl, { image_id: data.imageId }));
    } catch (error) {
      setUploading(false);
      setFailed(true);
      reportClientError(labels.failed, error);
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const first = event.dataTransfer.files[0];
    if (first && !uploading) void upload(first);
  };

  return (
    <div id={id} className={styles.panel} role="group" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className={styles.title}>
        {labels.title}
      </p>
      <div
        className={styles.dropZone}
        data-dragging={dragging || undefined}
        aria-busy={uploading}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {uploading ? (
          <p className={styles.status} role="status">
            <span className={`spinner ${styles.spinner}`} aria-hidden="true" /> {labels.uploading}
          </p>
        ) : (
          <>
            <p>{labels.drop}</p>
            <button type="button" className={styles.choose} onClick={() => inputRef.current?.click()}>
              {labels.choose}
            </button>
            <p className={styles.hint}>{labels.hint}</p>
          </>
        )}
        <input
          ref={inputRef}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const first = event.currentTarget.files?.[0];
            if (first) void upload(first);
            event.currentTarget.value = '';
          }}
        />
      </div>
      {failed && (
        <p className={styles.notification} role="alert">
          {labels.failed}
        </p>
      )}
    </div>
  );
}
