'use client';

import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';
import { fillTemplate } from '@/lib/template';

import {
  maxSoftwareTags,
  tutorialBodyMaxLength,
  tutorialTitleLength,
  validateTutorial,
  type TutorialField,
  type TutorialFieldError,
  type TutorialFieldErrors,
} from '../tutorial-fields';
import styles from './tutorials.module.css';

type PictureRefusal = 'picture_type' | 'picture_too_large' | 'picture_dimensions' | 'picture_limit';
type FormError = 'rate_limited' | 'failed' | 'cover_required' | 'body_required' | 'software_required';

export type TutorialEditorTexts = Record<
  | TutorialField
  | TutorialFieldError
  | PictureRefusal
  | FormError
  | 'titleHint'
  | 'bodyHint'
  | 'softwareHint'
  | 'cover'
  | 'coverHint'
  | 'coverCurrent'
  | 'coverNone'
  | 'insertPicture'
  | 'insertPictureHint'
  | 'pictureAlt'
  | 'uploading'
  | 'uploaded'
  | 'picturesAfterSave'
  | 'save'
  | 'saving'
  | 'saved'
  | 'view'
  | 'delete'
  | 'deleteConfirm',
  string
>;

export interface TutorialEditorValues {
  title: string;
  body: string;
  software: string[];
  skillLevel: string;
}

/** Pictures the browser can tell are wrong before sending them (the server checks the bytes). */
function pictureRefusalOf(file: File): PictureRefusal | null {
  if (!/\.(jpe?g|png|webp)$/i.test(file.name) && !/^image\/(jpeg|png|webp)$/.test(file.type))
    return 'picture_type';
  if (file.size > 15 * 1024 * 1024) return 'picture_too_large';
  return null;
}

async function uploadPicture(
  endpoint: string,
  file: File,
): Promise<
  | { ok: true; data: { url?: string; cover?: { src: string } } }
  | { ok: false; refusal: PictureRefusal | FormError }
> {
  const body = new FormData();
  body.append('file', file);
  const response = await postToApi(endpoint, { body });
  if (response.status === 413) return { ok: false, refusal: 'picture_too_large' };
  if (response.status === 409) return { ok: false, refusal: 'picture_limit' };
  if (response.status === 429) return { ok: false, refusal: 'rate_limited' };
  if (response.status === 400) {
    const answer = (await response.json()) as { error: { fieldErrors?: { picture?: PictureRefusal } } };
    return { ok: false, refusal: answer.error.fieldErrors?.picture ?? 'picture_type' };
  }
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return {
    ok: true,
    data: ((await response.json()) as { data: { url?: string; cover?: { src: string } } }).data,
  };
}

/**
 * The tutorial's form: title, skill level, software (up to five), the Markdown body with pictures put
 * in where the cursor is, and the cover. A new tutorial is saved as a draft first (pictures belong to a
 * saved tutorial), then this form opens again on it (`editHref` with `{id}`).
 */
export function TutorialEditor({
  tutorialId,
  initial,
  cover: initialCover,
  software,
  skillLevels,
  texts,
  editHref,
  viewHref,
  indexHref,
}: {
  tutorialId: number | null;
  initial: TutorialEditorValues;
  cover: string | null;
  software: readonly string[];
  skillLevels: { key: string; label: string }[];
  texts: TutorialEditorTexts;
  editHref: string;
  viewHref: string | null;
  indexHref: string;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const [errors, setErrors] = useState<TutorialFieldErrors>({});
  const [formError, setFormError] = useState<FormError | null>(null);
  const [sending, setSending] = useState(false);
  const [saved, setSaved] = useState(false);
  const [body, setBody] = useState(initial.body);
  const [cover, setCover] = useState(initialCover);
  const [coverStatus, setCoverStatus] = useState<string | null>(null);
  const [pictureStatus, setPictureStatus] = useState<string | null>(null);
  const endpoint = tutorialId === null ? '/api/internal/tutorials' : `/api/internal/tutorials/${tutorialId}`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = new FormData(event.currentTarget);
    const values = {
      title: String(form.get('title') ?? ''),
      body,
      software: form.getAll('software').map(String),
      skillLevel: String(form.get('skillLevel') ?? ''),
    };
    setFormError(null);
    setSaved(false);
    const checked = validateTutorial(values);
    if (!checked.ok) {
      setErrors(checked.fieldErrors);
      event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const response = await postToApi(endpoint, { json: values });
      if (response.status === 400) {
        const answer = (await response.json()) as {
          error: { fieldErrors?: TutorialFieldErrors; formError?: FormError };
        };
        setErrors(answer.error.fieldErrors ?? {});
        setFormError(answer.error.formError ?? null);
      } else if (response.status === 429) setFormError('rate_limited');
      else if (!response.ok) throw new Error(`HTTP ${response.status}`);
      else if (tutorialId === null) {
        const { data } = (await response.json()) as { data: { id: number } };
        window.location.assign(editHref.replace('{id}', String(data.id)));
        return;
      } else setSaved(true);
    } catch (failure) {
      reportClientError(`Tutorial form ${endpoint} failed`, failure);
      setFormError('failed');
    }
    setSending(false);
  }

  async function onCover(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refusal = pictureRefusalOf(file);
    if (refusal) return setCoverStatus(texts[refusal]);
    setCoverStatus(texts.uploading);
    try {
      const result = await uploadPicture(`${endpoint}/cover`, file);
      if (!result.ok) return setCoverStatus(texts[result.refusal]);
      setCover(result.data.cover?.src ?? null);
      setCoverStatus(texts.uploaded);
    } catch (failure) {
      reportClientError(`Tutorial cover ${endpoint} failed`, failure);
      setCoverStatus(texts.failed);
    }
  }

  async function onPicture(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refusal = pictureRefusalOf(file);
    if (refusal) return setPictureStatus(texts[refusal]);
    setPictureStatus(texts.uploading);
    try {
      const result = await uploadPicture(`${endpoint}/pictures`, file);
      if (!result.ok) return setPictureStatus(texts[result.refusal]);
      const textarea = bodyRef.current;
      const at = textarea ? textarea.selectionEnd : body.length;
      const alt = file.name.replace(/\.[^.]+$/, '').replace(/[[\]]/g, '') || texts.pictureAlt;
      const markdown = `\n\n![${alt}](${result.data.url})\n\n`;
      setBody((current) => `${current.slice(0, at)}${markdown}${current.slice(at)}`.replace(/^\n+/, ''));
      setPictureStatus(texts.uploaded);
    } catch (failure) {
      reportClientError(`Tutorial picture ${endpoint} failed`, failure);
      setPictureStatus(texts.failed);
    }
  }

  async function onDelete() {
    if (tutorialId === null || !window.confirm(texts.deleteConfirm)) return;
    try {
      const response = await postToApi(`${endpoint}/remove`);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      window.location.assign(indexHref);
    } catch (failure) {
      reportClientError(`Tutorial removal ${endpoint} failed`, failure);
      setFormError('failed');
    }
  }

  const describedBy = (name: TutorialField) =>
    [`${id}-${name}-hint`, errors[name] ? `${id}-${name}-error` : null].filter(Boolean).join(' ');
  const error = (name: TutorialField) =>
    errors[name] ? (
      <p className={styles.error} id={`${id}-${name}-error`} data-testid={`error-${name}`}>
        {fillTemplate(texts[errors[name]], { max: maxSoftwareTags })}
      </p>
    ) : null;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.field}>
        <label htmlFor={`${id}-title`}>{texts.title}</label>
        <input
          id={`${id}-title`}
          name="title"
          defaultValue={initial.title}
          maxLength={tutorialTitleLength.max}
          required
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy('title')}
        />
        <p className={styles.hint} id={`${id}-title-hint`}>
          {fillTemplate(texts.titleHint, tutorialTitleLength)}
        </p>
        {error('title')}
      </div>
      <fieldset
        className={styles.fieldset}
        aria-describedby={errors.skillLevel ? `${id}-skillLevel-error` : undefined}
      >
        <legend>{texts.skillLevel}</legend>
        <div className={styles.choices}>
          {skillLevels.map((level) => (
            <label key={level.key} className={styles.option}>
              <input
                type="radio"
                name="skillLevel"
                value={level.key}
                defaultChecked={initial.skillLevel === level.key}
              />
              <span>{level.label}</span>
            </label>
          ))}
        </div>
        {error('skillLevel')}
      </fieldset>
      <fieldset className={styles.fieldset} aria-describedby={describedBy('software')}>
        <legend>{texts.software}</legend>
        <p className={styles.hint} id={`${id}-software-hint`}>
          {fillTemplate(texts.softwareHint, { max: maxSoftwareTags })}
        </p>
        <div className={styles.choices}>
          {software.map((name) => (
            <label key={name} className={styles.option}>
              <input
                type="checkbox"
                name="software"
                value={name}
                defaultChecked={initial.software.includes(name)}
              />
              <span>{name}</span>
            </label>
          ))}
        </div>
        {error('software')}
      </fieldset>
      {tutorialId !== null ? (
        <div className={styles.field}>
          <label htmlFor={`${id}-cover`}>{texts.cover}</label>
          {cover ? (
            <img
              className={styles.coverPreview}
              src={cover}
              alt={texts.coverCurrent}
              data-testid="cover-preview"
            />
          ) : (
            <p className={styles.hint}>{texts.coverNone}</p>
          )}
          <input
            id={`${id}-cover`}
            type="file"
            accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
            onChange={onCover}
            disabled={!hydrated}
            aria-describedby={`${id}-cover-hint ${id}-cover-status`}
            data-testid="cover-input"
          />
          <p className={styles.hint} id={`${id}-cover-hint`}>
            {texts.coverHint}
          </p>
          <p className={styles.status} id={`${id}-cover-status`} role="status" data-testid="cover-status">
            {coverStatus}
          </p>
        </div>
      ) : null}
      <div className={styles.field}>
        <label htmlFor={`${id}-body`}>{texts.body}</label>
        <textarea
          id={`${id}-body`}
          ref={bodyRef}
          name="body"
          rows={18}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          maxLength={tutorialBodyMaxLength}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={describedBy('body')}
        />
        <p className={styles.hint} id={`${id}-body-hint`}>
          {texts.bodyHint}
        </p>
        {error('body')}
      </div>
      {tutorialId !== null ? (
        <div className={styles.field}>
          <label htmlFor={`${id}-picture`}>{texts.insertPicture}</label>
          <input
            id={`${id}-picture`}
            type="file"
            accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
            onChange={onPicture}
            disabled={!hydrated}
            aria-describedby={`${id}-picture-hint ${id}-picture-status`}
            data-testid="picture-input"
          />
          <p className={styles.hint} id={`${id}-picture-hint`}>
            {texts.insertPictureHint}
          </p>
          <p className={styles.status} id={`${id}-picture-status`} role="status" data-testid="picture-status">
            {pictureStatus}
          </p>
        </div>
      ) : (
        <p className={styles.hint}>{texts.picturesAfterSave}</p>
      )}
      <p className={styles.status} role="status" data-testid="save-status">
        {saved ? texts.saved : null}
      </p>
      {formError ? (
        <p className={styles.error} role="alert" data-testid="form-error">
          {texts[formError]}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <button type="submit" className="button" disabled={!hydrated || sending} data-testid="save-tutorial">
          {sending ? texts.saving : texts.save}
        </button>
        {viewHref ? <a href={viewHref}>{texts.view}</a> : null}
        {tutorialId !== null ? (
          <button type="button" className={styles.linkButton} onClick={onDelete} disabled={!hydrated}>
            {texts.delete}
          </button>
        ) : null}
      </div>
    </form>
  );
}
