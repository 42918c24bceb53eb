'use client';

import { useId, useState, type FormEvent } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { remainingText } from '@/lib/remaining-text';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';
import { fillTemplate } from '@/lib/template';

import {
  maxSoftwareEntries,
  projectDescriptionMaxLength,
  projectFileFormats,
  projectTitleLength,
  validateProject,
  type ProjectField,
  type ProjectFieldError,
  type ProjectFieldErrors,
  type ProjectFormValues,
} from '../project-schemas';
import styles from './board.module.css';

export type ProjectFormTexts = Record<
  | ProjectField
  | ProjectFieldError
  | 'budgetHint'
  | 'deadlineHint'
  | 'softwareHint'
  | 'skillsHint'
  | 'referenceLinksHint'
  | 'remainingOne'
  | 'remainingOther'
  | 'save'
  | 'saving'
  | 'failed'
  | 'not_editable'
  | 'no_custom_requests'
  | 'rate_limited',
  string
>;

type FormError = 'not_editable' | 'no_custom_requests' | 'rate_limited' | 'failed';

/**
 * The posting form of a project (new or edit): title, description with the characters left, budget,
 * deadline (a date between tomorrow and a year from today), software, skills, wanted file formats and
 * reference links. Checks in the browser first, then posts JSON to `endpoint`; a saved project opens
 * its review page (`reviewHref` with `{id}`).
 */
export function ProjectForm({
  endpoint,
  initial,
  texts,
  skills,
  deadlineBounds,
  reviewHref,
  designer,
  languageTag,
}: {
  endpoint: string;
  initial: ProjectFormValues;
  texts: ProjectFormTexts;
  skills: { key: string; label: string }[];
  deadlineBounds: { min: string; max: string };
  reviewHref: string;
  designer?: string;
  languageTag: string;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<ProjectFieldErrors>({});
  const [formError, setFormError] = useState<FormError | null>(null);
  const [sending, setSending] = useState(false);
  const [description, setDescription] = useState(initial.description);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = new FormData(event.currentTarget);
    const values = {
      title: String(form.get('title') ?? ''),
      description: String(form.get('description') ?? ''),
      budget: String(form.get('budget') ?? ''),
      deadline: String(form.get('deadline') ?? ''),
      software: String(form.get('software') ?? ''),
      skills: form.getAll('skills').map(String),
      fileFormats: form.getAll('fileFormats').map(String),
      referenceLinks: String(form.get('referenceLinks') ?? ''),
      ...(designer ? { designer } : {}),
    };
    setFormError(null);
    const checked = validateProject(values, new Date());
    // The server's clock decides the deadline in the end; the browser's only gives early feedback.
    if (!checked.ok) {
      setErrors(checked.fieldErrors);
      focusFirstError(event.currentTarget, checked.fieldErrors);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const response = await postToApi(endpoint, { json: values });
      if (response.status === 400) {
        const body = (await response.json()) as {
          error: { fieldErrors?: ProjectFieldErrors; formError?: FormError };
        };
        setErrors(body.error.fieldErrors ?? {});
        setFormError(body.error.formError ?? null);
        setSending(false);
        return;
      }
      if (response.status === 429) {
        setFormError('rate_limited');
        setSending(false);
        return;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = (await response.json()) as { data: { id: number } };
      window.location.assign(reviewHref.replace('{id}', String(body.data.id)));
    } catch (error) {
      reportClientError(`Project form ${endpoint} failed`, error);
      setFormError('failed');
      setSending(false);
    }
  }

  const describedBy = (name: ProjectField, hint = false) =>
    [hint ? `${id}-${name}-hint` : null, errors[name] ? `${id}-${name}-error` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const field = (name: ProjectField, hint = false) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(name, hint),
  });
  const error = (name: ProjectField) =>
    errors[name] ? (
      <p className={styles.error} id={`${id}-${name}-error`} data-testid={`error-${name}`}>
        {texts[errors[name]]}
      </p>
    ) : null;
  const hint = (name: ProjectField, text: string) => (
    <p className={styles.hint} id={`${id}-${name}-hint`}>
      {text}
    </p>
  );

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.field}>
        <label htmlFor={`${id}-title`}>{texts.title}</label>
        <input {...field('title')} defaultValue={initial.title} maxLength={projectTitleLength.max} required />
        {error('title')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-description`}>{texts.description}</label>
        <textarea
          {...field('description', true)}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={projectDescriptionMaxLength}
          required
        />
        <p className={styles.hint} id={`${id}-description-hint`} aria-live="polite">
          {remainingText(
            { one: texts.remainingOne, other: texts.remainingOther },
            languageTag,
            projectDescriptionMaxLength - description.length,
          )}
        </p>
        {error('description')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-budget`}>{texts.budget}</label>
        <input {...field('budget', true)} defaultValue={initial.budget} inputMode="decimal" required />
        {hint('budget', texts.budgetHint)}
        {error('budget')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-deadline`}>{texts.deadline}</label>
        <input
          {...field('deadline', true)}
          type="date"
          defaultValue={initial.deadline}
          min={deadlineBounds.min}
          max={deadlineBounds.max}
          required
        />
        {hint('deadline', texts.deadlineHint)}
        {error('deadline')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-software`}>{texts.software}</label>
        <input {...field('software', true)} defaultValue={initial.software} />
        {hint('software', fillTemplate(texts.softwareHint, { max: maxSoftwareEntries }))}
        {error('software')}
      </div>
      <fieldset
        className={styles.field}
        aria-describedby={describedBy('skills', true)}
        aria-invalid={errors.skills ? true : undefined}
        id={`${id}-skills`}
        tabIndex={-1}
      >
        <legend>{texts.skills}</legend>
        {hint('skills', texts.skillsHint)}
        <ul className={styles.checkGrid}>
          {skills.map((skill) => (
            <li key={skill.key}>
              <label>
                <input
                  type="checkbox"
                  name="skills"
                  value={skill.key}
                  defaultChecked={initial.skills.includes(skill.key)}
                />
                {skill.label}
              </label>
            </li>
          ))}
        </ul>
        {error('skills')}
      </fieldset>
      <fieldset
        className={styles.field}
        aria-describedby={describedBy('fileFormats')}
        id={`${id}-fileFormats`}
        tabIndex={-1}
      >
        <legend>{texts.fileFormats}</legend>
        <ul className={styles.checkGrid}>
          {projectFileFormats.map((format) => (
            <li key={format}>
              <label>
                <input
                  type="checkbox"
                  name="fileFormats"
                  value={format}
                  defaultChecked={initial.fileFormats.includes(format)}
                />
                {format.toUpperCase()}
              </label>
            </li>
          ))}
        </ul>
        {error('fileFormats')}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={`${id}-referenceLinks`}>{texts.referenceLinks}</label>
        <textarea
          {...field('referenceLinks', true)}
          defaultValue={initial.referenceLinks}
          rows={4}
          spellCheck={false}
        />
        {hint('referenceLinks', texts.referenceLinksHint)}
        {error('referenceLinks')}
      </div>
      <div className={styles.formRow}>
        <button type="submit" className="button" disabled={sending || !hydrated}>
          {sending ? texts.saving : texts.save}
        </button>
        <p role="alert" className={formError ? styles.error : undefined} data-testid="form-error">
          {formError ? texts[formError] : ''}
        </p>
      </div>
    </form>
  );
}

function focusFirstError(form: HTMLFormElement, errors: ProjectFieldErrors) {
  const first = Object.keys(errors)[0];
  if (!first) return;
  const element = form.querySelector<HTMLElement>(`[name="${first}"]`);
  element?.focus();
}
