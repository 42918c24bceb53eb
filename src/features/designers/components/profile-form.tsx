'use client';

import { useId, useState, type FormEvent } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';
import { fillTemplate } from '@/lib/template';

import { designerSkills, designerSoftware } from '../designer-skills';
import {
  aboutMaxLength,
  displayNameMaxLength,
  linkMaxLength,
  maxProfileLinks,
  validateProfileInput,
  type ProfileField,
  type ProfileFieldError,
} from '../profile-fields';
import styles from './profile-form.module.css';

export type ProfileFormTexts = Record<
  | ProfileFieldError
  | 'displayName'
  | 'displayNameHint'
  | 'about'
  | 'remaining'
  | 'links'
  | 'linksHint'
  | 'linkLabel'
  | 'skills'
  | 'software'
  | 'customRequests'
  | 'acceptsCustomRequests'
  | 'customRequestsHint'
  | 'save'
  | 'saving'
  | 'saved'
  | 'viewPublicProfile'
  | 'failed'
  | 'rate_limited',
  string
> & { skillNames: Record<string, string> };

export interface ProfileFormValues {
  displayName: string;
  about: string;
  links: string[];
  skills: string[];
  software: string[];
  acceptsCustomRequests: boolean;
}

/**
 * The public profile's texts (decision 0034): display name, about (with the characters left), up to
 * five links, and for a designer the skills, the software and the custom-requests switch. Posts JSON;
 * the server's field errors are shown at their fields.
 */
export function ProfileForm({
  initial,
  isDesigner,
  publicProfileHref,
  texts,
}: {
  initial: ProfileFormValues;
  isDesigner: boolean;
  publicProfileHref: string;
  texts: ProfileFormTexts;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<Partial<Record<ProfileField, ProfileFieldError>>>({});
  const [state, setState] = useState<'idle' | 'sending' | 'saved' | 'failed' | 'rate_limited'>('idle');
  const [about, setAbout] = useState(initial.about);
  const linkSlots = Array.from({ length: maxProfileLinks }, (_, i) => initial.links[i] ?? '');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'sending') return;
    const form = new FormData(event.currentTarget);
    const values = {
      displayName: String(form.get('displayName') ?? ''),
      about: String(form.get('about') ?? ''),
      links: linkSlots.map((_, i) => String(form.get(`link${i}`) ?? '')),
      skills: form.getAll('skills').map(String),
      software: form.getAll('software').map(String),
      acceptsCustomRequests: form.get('acceptsCustomRequests') === 'on',
    };
    const checked = validateProfileInput(values);
    if (!checked.ok) {
      setErrors(checked.fieldErrors);
      setState('idle');
      return;
    }
    setErrors({});
    setState('sending');
    try {
      const response = await postToApi('/api/internal/account/profile', { json: values });
      if (response.ok) return setState('saved');
      if (response.status === 429) return setState('rate_limited');
      if (response.status !== 400) throw new Error(`HTTP ${response.status}`);
      const body = (await response.json()) as { error: { fieldErrors?: typeof errors } };
      setErrors(body.error.fieldErrors ?? {});
      setState('idle');
    } catch (error) {
      reportClientError('Profile form failed', error);
      setState('failed');
    }
  }

  const error = (name: ProfileField) =>
    errors[name] ? (
      <p className={styles.error} id={`${id}-${name}-error`}>
        {texts[errors[name]]}
      </p>
    ) : null;
  const described = (name: ProfileField, hint?: string) =>
    [errors[name] ? `${id}-${name}-error` : null, hint ?? null].filter(Boolean).join(' ') || undefined;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.field}>
        <label htmlFor={`${id}-displayName`}>{texts.displayName}</label>
        <input
          id={`${id}-displayName`}
          name="displayName"
          type="text"
          autoComplete="nickname"
          maxLength={displayNameMaxLength}
          defaultValue={initial.displayName}
          aria-invalid={errors.displayName ? true : undefined}
          aria-describedby={described('displayName', `${id}-displayName-hint`)}
        />
        <p className={styles.hint} id={`${id}-displayName-hint`}>
          {texts.displayNameHint}
        </p>
        {error('displayName')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-about`}>{texts.about}</label>
        <textarea
          id={`${id}-about`}
          name="about"
          maxLength={aboutMaxLength}
          value={about}
          onChange={(event) => setAbout(event.target.value)}
          aria-invalid={errors.about ? true : undefined}
          aria-describedby={described('about', `${id}-about-left`)}
        />
        <p className={styles.hint} id={`${id}-about-left`} aria-live="polite">
          {fillTemplate(texts.remaining, { count: aboutMaxLength - about.length })}
        </p>
        {error('about')}
      </div>
      <fieldset className={styles.group}>
        <legend>{texts.links}</legend>
        <p className={styles.hint} id={`${id}-links-hint`}>
          {texts.linksHint}
        </p>
        {linkSlots.map((link, i) => {
          const name = `link${i}` as const;
          return (
            <div className={styles.field} key={name}>
              <label htmlFor={`${id}-${name}`} className="visually-hidden">
                {fillTemplate(texts.linkLabel, { number: i + 1 })}
              </label>
              <input
                id={`${id}-${name}`}
                name={name}
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder="https://"
                maxLength={linkMaxLength}
                defaultValue={link}
                aria-invalid={errors[name] ? true : undefined}
                aria-describedby={described(name, `${id}-links-hint`)}
              />
              {error(name)}
            </div>
          );
        })}
      </fieldset>
      {isDesigner && (
        <>
          <fieldset className={styles.group} aria-describedby={described('skills')}>
            <legend>{texts.skills}</legend>
            <div className={styles.choices}>
              {designerSkills.map((skill) => (
                <label className={styles.check} key={skill}>
                  <input
                    type="checkbox"
                    name="skills"
                    value={skill}
                    defaultChecked={initial.skills.includes(skill)}
                  />
                  {texts.skillNames[skill]}
                </label>
              ))}
            </div>
            {error('skills')}
          </fieldset>
          <fieldset className={styles.group} aria-describedby={described('software')}>
            <legend>{texts.software}</legend>
            <div className={styles.choices}>
              {designerSoftware.map((name) => (
                <label className={styles.check} key={name}>
                  <input
                    type="checkbox"
                    name="software"
                    value={name}
                    defaultChecked={initial.software.includes(name)}
                  />
                  {name}
                </label>
              ))}
            </div>
            {error('software')}
          </fieldset>
          <fieldset className={styles.group}>
            <legend>{texts.customRequests}</legend>
            <label className={styles.check}>
              <input
                type="checkbox"
                role="switch"
                name="acceptsCustomRequests"
                defaultChecked={initial.acceptsCustomRequests}
                aria-describedby={`${id}-custom-hint`}
              />
              {texts.acceptsCustomRequests}
            </label>
            <p className={styles.hint} id={`${id}-custom-hint`}>
              {texts.customRequestsHint}
            </p>
          </fieldset>
        </>
      )}
      {(state === 'failed' || state === 'rate_limited') && (
        <p className={styles.error} role="alert">
          {texts[state]}
        </p>
      )}
      {state === 'saved' && (
        <p className={styles.notice} role="status">
          {texts.saved} <a href={publicProfileHref}>{texts.viewPublicProfile}</a>
        </p>
      )}
      <button type="submit" className="button" disabled={state === 'sending' || !hydrated}>
        {state === 'sending' ? texts.saving : texts.save}
      </button>
    </form>
  );
}
