'use client';

import { useId, useState, type ChangeEvent } from 'react';

import { Avatar } from '@/components/ui/avatar';
import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import styles from './avatar-editor.module.css';

type AvatarImage = { small: string; large: string; xlarge?: string };
type Problem = 'avatar_type' | 'avatar_too_large' | 'avatar_dimensions' | 'rate_limited' | 'failed';

export type AvatarEditorTexts = Record<
  | Problem
  | 'heading'
  | 'hint'
  | 'choose'
  | 'uploading'
  | 'remove'
  | 'removing'
  | 'uploaded'
  | 'removed'
  | 'picture',
  string
>;

const problemOf = (status: number, body: unknown): Problem => {
  if (status === 413) return 'avatar_too_large';
  if (status === 429) return 'rate_limited';
  const reason = (body as { error?: { fieldErrors?: { avatar?: string } } } | null)?.error?.fieldErrors
    ?.avatar;
  return reason === 'avatar_type' || reason === 'avatar_dimensions' ? reason : 'failed';
};

/**
 * The member's picture (decision 0034): choosing a file uploads it at once (the server checks it by
 * its bytes and crops it to a square); a refused one leaves the saved picture and says why.
 */
export function AvatarEditor({
  username,
  initial,
  texts,
}: {
  username: string;
  initial: AvatarImage | null;
  texts: AvatarEditorTexts;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [image, setImage] = useState(initial);
  const [state, setState] = useState<'idle' | 'uploading' | 'removing' | 'uploaded' | 'removed'>('idle');
  const [problem, setProblem] = useState<Problem | null>(null);
  const busy = state === 'uploading' || state === 'removing';

  async function send(action: 'upload' | 'remove', file?: File) {
    setProblem(null);
    setState(action === 'upload' ? 'uploading' : 'removing');
    try {
      let response: Response;
      if (action === 'upload') {
        const body = new FormData();
        body.append('file', file!);
        response = await postToApi('/api/internal/account/avatar', { body });
      } else {
        response = await postToApi('/api/internal/account/avatar/remove');
      }
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        setProblem(problemOf(response.status, body));
        setState('idle');
        return;
      }
      setImage((body as { data: { avatar: AvatarImage | null } }).data.avatar);
      setState(action === 'upload' ? 'uploaded' : 'removed');
    } catch (error) {
      reportClientError(`Avatar ${action} failed`, error);
      setProblem('failed');
      setState('idle');
    }
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void send('upload', file);
  }

  return (
    <section className={styles.editor} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {texts.heading}
      </h2>
      <div className={styles.row}>
        <Avatar username={username} image={image} size={80} alt={texts.picture} />
        <div className={styles.controls}>
          <label className={`button ${styles.choose} ${busy || !hydrated ? styles.disabled : ''}`}>
            {state === 'uploading' ? texts.uploading : texts.choose}
            <input
              className="visually-hidden"
              type="file"
              name="file"
              accept="image/jpeg,image/png,image/webp"
              disabled={busy || !hydrated}
              onChange={onChange}
              aria-describedby={`${id}-hint`}
            />
          </label>
          {image && (
            <button
              type="button"
              className="button button-secondary"
              disabled={busy || !hydrated}
              onClick={() => void send('remove')}
            >
              {state === 'removing' ? texts.removing : texts.remove}
            </button>
          )}
        </div>
      </div>
      <p className={styles.hint} id={`${id}-hint`}>
        {texts.hint}
      </p>
      {problem && (
        <p className={styles.error} role="alert">
          {texts[problem]}
        </p>
      )}
      {(state === 'uploaded' || state === 'removed') && (
        <p className={styles.notice} role="status">
          {texts[state]}
        </p>
      )}
    </section>
  );
}
