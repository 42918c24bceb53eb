'use client';

import { useId, useState, type FormEvent } from 'react';

import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';
import { customLicences, lengthUnits, licenceTypes } from '@/features/catalog/api';
import { fillTemplate } from '@/lib/template';

import {
  descriptionMaxLength,
  licenceTermsLength,
  validateModelDetails,
  type CategoryChoiceDto,
  type ModelDetailError,
  type ModelDetailField,
} from '../schemas';
import styles from './studio.module.css';
import { useHydrated } from '@/components/ui/use-hydrated';

export type DetailsFormTexts = Record<
  | ModelDetailError
  | ModelDetailField
  | 'productTypeModels'
  | 'productTypePrint'
  | 'chooseCategory'
  | 'tagsHint'
  | 'priceHint'
  | 'unitHint'
  | 'walletHint'
  | 'licenceTermsHint'
  | 'remaining'
  | 'save'
  | 'saving'
  | 'saved'
  | 'failed',
  string
> & { licences: Record<string, string>; units: Record<string, string> };

export interface DetailsFormValues {
  title: string;
  description: string;
  categoryId: number | null;
  tags: string[];
  priceCents: number | null;
  licence: string;
  licenceTerms: string | null;
  unit: string;
  walletEligible: boolean;
}

const price = (cents: number | null) =>
  cents === null ? '' : cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);

/**
 * A model's details: title, description (with the characters left), category, tags, price, licence,
 * declared unit and the credits (wallet) sign. Posts JSON to `endpoint`; a new model then opens its
 * studio page (`createdHref` + id), an existing one shows that it was saved.
 */
export function ModelDetailsForm({
  endpoint,
  initial,
  categories,
  texts,
  createdHref,
}: {
  endpoint: string;
  initial: DetailsFormValues;
  categories: CategoryChoiceDto[];
  texts: DetailsFormTexts;
  createdHref?: string;
}) {
  const id = useId();
  const [errors, setErrors] = useState<Partial<Record<ModelDetailField, ModelDetailError>>>({});
  const hydrated = useHydrated();
  const [state, setState] = useState<'idle' | 'sending' | 'saved' | 'failed'>('idle');
  const [description, setDescription] = useState(initial.description);
  const [licence, setLicence] = useState(initial.licence);
  const customLicence = (customLicences as readonly string[]).includes(licence);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'sending') return;
    const form = new FormData(event.currentTarget);
    const values = {
      title: String(form.get('title') ?? ''),
      description: String(form.get('description') ?? ''),
      categoryId: String(form.get('categoryId') ?? ''),
      tags: String(form.get('tags') ?? ''),
      price: String(form.get('price') ?? ''),
      licence: String(form.get('licence') ?? ''),
      licenceTerms: String(form.get('licenceTerms') ?? ''),
      unit: String(form.get('unit') ?? ''),
      walletEligible: form.get('walletEligible') === 'on',
    };
    const checked = validateModelDetails(values);
    if (!checked.ok) {
      setErrors(checked.fieldErrors);
      return;
    }
    setErrors({});
    setState('sending');
    try {
      const response = await postToApi(endpoint, { json: values });
      if (response.status === 400) {
        const body = (await response.json()) as { error: { fieldErrors?: typeof errors } };
        setErrors(body.error.fieldErrors ?? {});
        setState('idle');
        return;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = (await response.json()) as { data: { id: number } };
      if (createdHref) {
        window.location.assign(`${createdHref}/${body.data.id}`);
        return;
      }
      setState('saved');
    } catch (error) {
      reportClientError(`Model details ${endpoint} failed`, error);
      setState('failed');
    }
  }

  const field = (name: ModelDetailField) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: ModelDetailField) =>
    errors[name] ? (
      <p className={styles.error} id={`${id}-${name}-error`}>
        {texts[errors[name]]}
      </p>
    ) : null;
  const groups = (['models', 'print'] as const).map((type) => ({
    type,
    label: type === 'models' ? texts.productTypeModels : texts.productTypePrint,
    options: categories.filter((c) => c.productType === type),
  }));

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.field}>
        <label htmlFor={`${id}-title`}>{texts.title}</label>
        <input {...field('title')} defaultValue={initial.title} maxLength={100} required />
        {error('title')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-description`}>{texts.description}</label>
        <textarea
          {...field('description')}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={descriptionMaxLength}
        />
        <p className={styles.hint} aria-live="polite">
          {fillTemplate(texts.remaining, { count: descriptionMaxLength - description.length })}
        </p>
        {error('description')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-categoryId`}>{texts.categoryId}</label>
        <select {...field('categoryId')} defaultValue={initial.categoryId ?? ''} required>
          <option value="">{texts.chooseCategory}</option>
          {groups.map((group) => (
            <optgroup key={group.type} label={group.label}>
              {group.options.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.depth === 1 ? `— ${c.title}` : c.title}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {error('categoryId')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-tags`}>{texts.tags}</label>
        <input
          {...field('tags')}
          defaultValue={initial.tags.join(', ')}
          aria-describedby={`${id}-tags-hint`}
        />
        <p className={styles.hint} id={`${id}-tags-hint`}>
          {texts.tagsHint}
        </p>
        {error('tags')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-price`}>{texts.price}</label>
        <input {...field('price')} defaultValue={price(initial.priceCents)} inputMode="decimal" required />
        <p className={styles.hint}>{texts.priceHint}</p>
        {error('price')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-licence`}>{texts.licence}</label>
        <select {...field('licence')} value={licence} onChange={(event) => setLicence(event.target.value)}>
          {licenceTypes.map((licence) => (
            <option key={licence} value={licence}>
              {texts.licences[licence]}
            </option>
          ))}
        </select>
        {error('licence')}
      </div>
      {customLicence ? (
        <div className={styles.field}>
          <label htmlFor={`${id}-licenceTerms`}>{texts.licenceTerms}</label>
          <textarea
            {...field('licenceTerms')}
            defaultValue={initial.licenceTerms ?? ''}
            maxLength={licenceTermsLength.max}
            aria-describedby={[
              `${id}-licenceTerms-hint`,
              errors.licenceTerms ? `${id}-licenceTerms-error` : '',
            ]
              .filter(Boolean)
              .join(' ')}
            required
          />
          <p className={styles.hint} id={`${id}-licenceTerms-hint`}>
            {texts.licenceTermsHint}
          </p>
          {error('licenceTerms')}
        </div>
      ) : null}
      <div className={styles.field}>
        <label htmlFor={`${id}-unit`}>{texts.unit}</label>
        <select {...field('unit')} defaultValue={initial.unit}>
          {lengthUnits.map((unit) => (
            <option key={unit} value={unit}>
              {texts.units[unit]}
            </option>
          ))}
        </select>
        <p className={styles.hint}>{texts.unitHint}</p>
        {error('unit')}
      </div>
      <div className={styles.check}>
        <input
          type="checkbox"
          id={`${id}-walletEligible`}
          name="walletEligible"
          defaultChecked={initial.walletEligible}
        />
        <label htmlFor={`${id}-walletEligible`}>{texts.walletEligible}</label>
      </div>
      <p className={styles.hint}>{texts.walletHint}</p>
      <div className={styles.row}>
        <button type="submit" className="button" disabled={state === 'sending' || !hydrated}>
          {state === 'sending' ? texts.saving : texts.save}
        </button>
        <p
          role="status"
          className={state === 'saved' ? styles.notice : state === 'failed' ? styles.error : undefined}
        >
          {state === 'saved' ? texts.saved : state === 'failed' ? texts.failed : ''}
        </p>
      </div>
    </form>
  );
}
