'use client';

import { useEffect, useId, useRef, useState, type ComponentType } from 'react';

import { loadChunk } from '@/lib/load-chunk';

import type { ImageSearchPanelProps, ImageSearchLabels } from './image-search-panel';
import styles from './image-search.module.css';

type Panel = ComponentType<ImageSearchPanelProps>;
let panelModule: Promise<Panel> | null = null;

/** The panel's code, fetched once: on hover, touch or focus of the trigger, or when it is used. */
function loadPanel(): Promise<Panel> {
  panelModule ??= loadChunk('image-search-panel', () => import('./image-search-panel')).then(
    (module) => module.ImageSearchPanel,
    (error: unknown) => {
      panelModule = null; // a later attempt may succeed
      throw error;
    },
  );
  return panelModule;
}

/**
 * Search by image (spec §4 "image search panel"): a camera button beside the search field; pressing
 * it makes the panel active, a click or mouse press outside makes it inactive again.
 */
export function ImageSearchTrigger({
  labels,
  listingUrl,
}: {
  labels: ImageSearchLabels;
  listingUrl: string;
}) {
  const [active, setActive] = useState(false);
  const [Panel, setPanel] = useState<Panel | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const preload = () => {
    loadPanel().then(
      (component) => setPanel(() => component),
      // Spec §8: a dropdown that fails to load is logged to the console only.
      (error: unknown) => {
        console.error(error);
        setActive(false);
      },
    );
  };

  useEffect(() => {
    if (!active) return;
    const outside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setActive(false);
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('click', outside);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('click', outside);
    };
  }, [active]);

  return (
    <div ref={rootRef} className={styles.root}>
      <button
        type="button"
        className={styles.trigger}
        aria-expanded={active}
        aria-controls={active ? panelId : undefined}
        onPointerEnter={preload}
        onTouchStart={preload}
        onFocus={preload}
        onClick={() => {
          preload();
          setActive((was) => !was);
        }}
      >
        <svg
          width="20"
          height="20"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 8h3l2-3h6l2 3h3v11H4z" strokeLinejoin="round" />
          <circle cx="12" cy="13" r="3.5" />
        </svg>
        <span className="visually-hidden">{labels.trigger}</span>
      </button>
      {active && Panel && <Panel id={panelId} labels={labels} listingUrl={listingUrl} />}
    </div>
  );
}
