'use client';

import { useId, useRef, useState } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import { maxBodyLength, maxTitleLength, minTitleLength } from '../limits';
import styles from './forum.module.css';

export interface PostEditorTexts {
  title: string;
  category: string;
  body: string;
  bodyHint: string;
  addPicture: string;
  uploading: string;
  submit: string;
  submitting: string;
  cancel?: string;
  invalid: string;
  limited: string;
  banned: string;
  locked: string;
  editWindow: string;
  held: string;
  failed: string;
  pictureRefusals: Record<string, string>;
}

/** The id of the reply box, so a post's "Quote" can fill it. */
export const replyBoxId = 'forum-reply-body';

type Mode =
  | { kind: 'thread'; categories: { id: number; name: string }[]; categoryId?: number; threadHref: string }
  | { kind: 'reply'; threadId: number; postHref: string }
  | { kind: 'edit'; postId: number; title?: string };

/** Writing a thread, a reply or an edit: Markdown text, pictures uploaded into it, refusals in words. */
export function PostEditor({
  mode,
  texts,
  locale,
  initialBody = '',
  onCancel,
}: {
  mode: Mode;
  texts: PostEditorTexts;
  locale: string;
  initialBody?: string;
  onCancel?: () => void;
}) {
  const id = useId();
  const bodyId = mode.kind === 'reply' ? replyBoxId : `${id}-body`;
  const hydrated = useHydrated();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  function insert(text: string) {
    const box = bodyRef.current;
    if (!box) return;
    const at = box.selectionStart ?? box.value.length;
    const before = box.value.slice(0, at);
    const glue = before && !before.endsWith('\n') ? '\n' : '';
    box.value = `${before}${glue}${text}\n${box.value.slice(at)}`;
    box.focus();
  }

  async function upload(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    setMessage(null);
    try {
      const form = new FormData();
      form.append('file', file);
      const response = await postToApi('/api/internal/forum/pictures', { body: form });
      const body = (await response.json()) as {
        data?: { markdown: string };
        error?: { fieldErrors?: { picture?: string } };
      };
      if (response.ok && body.data) insert(body.data.markdown);
      else if (response.status === 429) setMessage(texts.limited);
      else setMessage(texts.pictureRefusals[body.error?.fieldErrors?.picture ?? ''] ?? texts.failed);
    } catch (error) {
      reportClientError('Forum picture upload failed', error);
      setMessage(texts.failed);
    } finally {
      setUploading(false);
    }
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = String(form.get('body') ?? '');
    setBusy(true);
    setMessage(null);
    const request =
      mode.kind === 'thread'
        ? {
            endpoint: '/api/internal/forum/threads',
            json: { categoryId: Number(form.get('categoryId')), title: form.get('title'), body, locale },
          }
        : mode.kind === 'reply'
          ? { endpoint: `/api/internal/forum/threads/${mode.threadId}/replies`, json: { body, locale } }
          : {
              endpoint: `/api/internal/forum/posts/${mode.postId}/edit`,
              json: mode.title === undefined ? { body } : { body, title: form.get('title') },
            };
    try {
      const response = await postToApi(request.endpoint, { json: request.json });
      const answer = (await response.json()) as {
        data?: { threadId?: number; postId?: number; held?: boolean };
        error?: { formError?: string };
      };
      if (response.ok) {
        if (answer.data?.held) window.alert(texts.held);
        if (mode.kind === 'thread')
          window.location.assign(mode.threadHref.replace(/0$/, String(answer.data?.threadId)));
        else if (mode.kind === 'reply')
          window.location.assign(mode.postHref.replace(/0$/, String(answer.data?.postId)));
        else window.location.reload();
        return;
      }
      const refusal = answer.error?.formError;
      setMessage(
        response.status === 429
          ? texts.limited
          : refusal === 'banned'
            ? texts.banned
            : refusal === 'locked'
              ? texts.locked
              : refusal === 'edit_window'
                ? texts.editWindow
                : response.status === 400
                  ? texts.invalid
                  : texts.failed,
      );
    } catch (error) {
      reportClientError('Forum post failed', error);
      setMessage(texts.failed);
    }
    setBusy(false);
  }

  return (
    <form className={styles.editor} onSubmit={submit}>
      {mode.kind === 'thread' && (
        <label>
          {texts.category}
          <select name="categoryId" defaultValue={mode.categoryId ?? mode.categories[0]?.id} required>
            {mode.categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {(mode.kind === 'thread' || (mode.kind === 'edit' && mode.title !== undefined)) && (
        <label>
          {texts.title}
          <input
            name="title"
            required
            minLength={minTitleLength}
            maxLength={maxTitleLength}
            defaultValue={mode.kind === 'edit' ? mode.title : ''}
          />
        </label>
      )}
      <label htmlFor={bodyId}>{texts.body}</label>
      <textarea
        id={bodyId}
        ref={bodyRef}
        name="body"
        rows={mode.kind === 'thread' ? 10 : 6}
        required
        maxLength={maxBodyLength}
        defaultValue={initialBody}
        aria-describedby={`${id}-hint`}
      />
      <span id={`${id}-hint`} className={styles.hint}>
        {texts.bodyHint}
      </span>
      <span className={styles.buttons}>
        <button type="submit" className="button" disabled={!hydrated || busy || uploading}>
          {busy ? texts.submitting : texts.submit}
        </button>
        <label className={`button button-secondary ${styles.pictureButton}`}>
          {uploading ? texts.uploading : texts.addPicture}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="visually-hidden"
            disabled={!hydrated || uploading}
            onChange={upload}
          />
        </label>
        {onCancel && texts.cancel && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {texts.cancel}
          </button>
        )}
      </span>
      {message && (
        <p role="alert" className={styles.error}>
          {message}
        </p>
      )}
    </form>
  );
}
