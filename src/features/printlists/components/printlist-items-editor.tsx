'use client';

import { useState } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';

import { postJson } from './post-json';
import styles from './printlists.module.css';

export interface EditorItem {
  id: number;
  title: string;
  url: string;
  picture: string;
}

export interface ItemsEditorLabels {
  heading: string;
  moveUp: string;
  moveDown: string;
  remove: string;
  moved: string;
  removedItem: string;
  failed: string;
  rateLimited: string;
  changed: string;
}

/** The owner's list in order, each model with move up, move down and remove. */
export function PrintlistItemsEditor({
  printlistId,
  initial,
  labels,
}: {
  printlistId: number;
  initial: EditorItem[];
  labels: ItemsEditorLabels;
}) {
  const hydrated = useHydrated();
  const [items, setItems] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const base = `/api/internal/printlists/${printlistId}/items`;

  async function send(url: string, json: unknown, next: EditorItem[], done: string) {
    setBusy(true);
    setMessage('');
    try {
      const answer = await postJson(url, json);
      if (answer.ok) {
        setItems(next);
        setMessage(done);
      } else
        setMessage(
          answer.status === 429 ? labels.rateLimited : answer.status === 409 ? labels.changed : labels.failed,
        );
    } catch {
      setMessage(labels.failed);
    } finally {
      setBusy(false);
    }
  }

  function move(index: number, by: -1 | 1) {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    void send(
      `${base}/order`,
      { modelIds: next.map((i) => i.id) },
      next,
      labels.moved.replace('{model}', item!.title).replace('{position}', String(index + by + 1)),
    );
  }

  function remove(item: EditorItem) {
    void send(
      `${base}/remove`,
      { modelId: item.id },
      items.filter((i) => i.id !== item.id),
      labels.removedItem.replace('{model}', item.title),
    );
  }

  const disabled = busy || !hydrated;
  return (
    <section aria-labelledby="printlist-editor-heading" className={styles.editor}>
      <h2 id="printlist-editor-heading" className="section-title">
        {labels.heading}
      </h2>
      <ol className={styles.editorList}>
        {items.map((item, index) => (
          <li key={item.id} data-testid="printlist-editor-item">
            <img src={item.picture} alt="" width={64} height={48} loading="lazy" />
            <a href={item.url}>{item.title}</a>
            <span className={styles.editorButtons}>
              <button
                type="button"
                className="button button-secondary"
                disabled={disabled || index === 0}
                onClick={() => move(index, -1)}
                aria-label={`${labels.moveUp}: ${item.title}`}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button-secondary"
                disabled={disabled || index === items.length - 1}
                onClick={() => move(index, 1)}
                aria-label={`${labels.moveDown}: ${item.title}`}
              >
                ↓
              </button>
              <button
                type="button"
                className="button button-secondary"
                disabled={disabled}
                onClick={() => remove(item)}
                aria-label={`${labels.remove}: ${item.title}`}
              >
                {labels.remove}
              </button>
            </span>
          </li>
        ))}
      </ol>
      <p role="status" aria-live="polite" className={styles.status}>
        {message}
      </p>
    </section>
  );
}
