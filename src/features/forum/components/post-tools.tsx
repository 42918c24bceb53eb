'use client';

import { useState } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';

import { quoteOf } from '../limits';
import styles from './forum.module.css';
import { PostEditor, replyBoxId, type PostEditorTexts } from './post-editor';

/** A post's own buttons: quote it into the reply box, and (its author, within the window) edit it. */
export function PostTools({
  postId,
  author,
  body,
  canQuote,
  editable,
  openingTitle,
  locale,
  texts,
  editorTexts,
}: {
  postId: number;
  author: string;
  body: string;
  canQuote: boolean;
  editable: boolean;
  /** The thread's title when this is the opening post (its author edits both). */
  openingTitle?: string;
  locale: string;
  texts: { quote: string; quoteLabel: string; edit: string };
  /** Only for an editable post: the editor's texts. */
  editorTexts?: PostEditorTexts;
}) {
  const hydrated = useHydrated();
  const [editing, setEditing] = useState(false);
  function quote() {
    const box = document.getElementById(replyBoxId);
    if (!(box instanceof HTMLTextAreaElement)) return;
    box.value = `${box.value ? `${box.value.replace(/\s*$/, '')}\n\n` : ''}${quoteOf(author, body)}`;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }
  return (
    <>
      <span className={styles.postTools}>
        {canQuote && (
          <button
            type="button"
            className={styles.linkButton}
            onClick={quote}
            disabled={!hydrated}
            aria-label={texts.quoteLabel}
          >
            {texts.quote}
          </button>
        )}
        {editable && editorTexts && !editing && (
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => setEditing(true)}
            disabled={!hydrated}
          >
            {texts.edit}
          </button>
        )}
      </span>
      {editing && editorTexts && (
        <PostEditor
          mode={{ kind: 'edit', postId, title: openingTitle }}
          texts={editorTexts}
          locale={locale}
          initialBody={body}
          onCancel={() => setEditing(false)}
        />
      )}
    </>
  );
}
