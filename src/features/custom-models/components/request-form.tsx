'use client';

import { useId, useState, type FormEvent } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { remainingText } from '@/lib/remaining-text';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';
import { customModelComplexities, type CustomModelComplexity } from '../custom-model-lifecycle';
import { maxPictureBytes, pictureFormats } from '@/features/geometry/api';
import { fileExtension } from '@/features/geometry/api';
import { fillTemplate } from '@/lib/template';

import { customModelPriceTable } from '../pricing';
import {
  descriptionLength,
  maxReferenceImages,
  validateCustomModelRequest,
  wantedFileFormats,
  type RequestField,
  type RequestFieldError,
} from '../schemas';
import styles from './custom-models.module.css';
import { PaymentForm, type PaymentTexts } from './payment-form';
import { UploadList, uploadFile, type UploadState } from './upload-list';

type FormError = RequestFieldError | 'images_type' | 'images_size' | 'images_count' | 'references_required';

export type RequestFormTexts = Record<
  | RequestField
  | FormError
  | 'images'
  | 'imagesHint'
  | 'linksHint'
  | 'referencesNote'
  | 'fileFormatsHint'
  | 'submit'
  | 'sending'
  | 'failed'
  | 'rateLimited'
  | 'uploading'
  | 'uploaded'
  | 'saved'
  | 'addImages',
  string
> & {
  /** '{count} characters left' by plural form. */
  remaining: { one: string; other: string };
  /** 'Fixed price: {price} · ready in {days} days' */
  priceLine: string;
  complexities: Record<CustomModelComplexity, { name: string; description: string }>;
  prices: Record<CustomModelComplexity, string>;
  refusals: Record<string, string>;
};

type Errors = Partial<Record<RequestField | 'images', FormError>>;

function checkImages(files: File[]): FormError | null {
  if (files.length > maxReferenceImages) return 'images_count';
  for (const file of files) {
    if (!(pictureFormats as readonly string[]).includes(fileExtension(file.name))) return 'images_type';
    if (file.size <= 0 || file.size > maxPictureBytes) return 'images_size';
  }
  return null;
}

/**
 * The request form: title, description (characters left), complexity with its fixed price, wanted
 * formats, product links and reference pictures (at least one picture or one link). Saving makes the
 * request (awaiting payment), then each picture is uploaded as its own request with a progress bar,
 * then the payment form appears.
 */
export function RequestForm({
  locale,
  trackingPrefix,
  testCards,
  texts,
  paymentTexts,
}: {
  locale: string;
  /** The tracking page's path without the id. */
  trackingPrefix: string;
  testCards: { number: string; outcome: string }[] | null;
  texts: RequestFormTexts;
  paymentTexts: PaymentTexts;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<'idle' | 'sending' | 'failed' | 'rate_limited'>('idle');
  const [description, setDescription] = useState('');
  const [complexity, setComplexity] = useState<CustomModelComplexity | null>(null);
  const [created, setCreated] = useState<{ id: number; complexity: CustomModelComplexity } | null>(null);
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const update = (key: string, change: Partial<UploadState>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  async function uploadAll(requestId: number, files: File[]) {
    const started = files.map((file, i) => ({
      key: `${Date.now()}-${i}-${file.name}`,
      name: file.name,
      share: 0,
      state: 'uploading' as const,
    }));
    setUploads((list) => [...list, ...started]);
    for (const [i, file] of files.entries()) {
      const key = started[i]!.key;
      try {
        const result = await uploadFile(
          `/api/internal/custom-models/${requestId}/references`,
          file,
          (share) => update(key, { share }),
        );
        update(
          key,
          result.ok
            ? { state: 'uploaded', share: 1 }
            : { state: 'refused', message: texts.refusals[result.refusal] ?? texts.failed },
        );
      } catch (error) {
        reportClientError('Reference upload failed', error);
        update(key, { state: 'refused', message: texts.failed });
      }
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'sending') return;
    const form = new FormData(event.currentTarget);
    const values = {
      title: String(form.get('title') ?? ''),
      description: String(form.get('description') ?? ''),
      complexity: String(form.get('complexity') ?? ''),
      fileFormats: form.getAll('fileFormats').map(String),
      referenceLinks: String(form.get('referenceLinks') ?? ''),
    };
    const files = form.getAll('images').filter((f): f is File => f instanceof File && f.name !== '');
    const checked = validateCustomModelRequest(values);
    const found: Errors = checked.ok ? {} : { ...checked.fieldErrors };
    const imageError = checkImages(files);
    if (imageError) found.images = imageError;
    else if (checked.ok && files.length === 0 && checked.value.referenceLinks.length === 0)
      found.images = 'references_required';
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    setState('sending');
    try {
      const response = await postToApi('/api/internal/custom-models', { json: values });
      if (response.status === 400) {
        const body = (await response.json()) as { error: { fieldErrors?: Errors } };
        setErrors(body.error.fieldErrors ?? {});
        setState('idle');
        return;
      }
      if (response.status === 429) return setState('rate_limited');
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const { data } = (await response.json()) as { data: { id: number } };
      setCreated({ id: data.id, complexity: values.complexity as CustomModelComplexity });
      setState('idle');
      await uploadAll(data.id, files);
    } catch (error) {
      reportClientError('Custom model request failed', error);
      setState('failed');
    }
  }

  const hinted = new Set(['description', 'images', 'referenceLinks']);
  const field = (name: RequestField | 'images') => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby':
      [hinted.has(name) ? `${id}-${name}-hint` : '', errors[name] ? `${id}-${name}-error` : '']
        .filter(Boolean)
        .join(' ') || undefined,
  });
  const error = (name: RequestField | 'images') =>
    errors[name] ? (
      <p className={styles.error} id={`${id}-${name}-error`}>
        {texts[errors[name]]}
      </p>
    ) : null;
  const remaining = remainingText(texts.remaining, locale, descriptionLength.max - [...description].length);

  if (created) {
    const busy = uploads.some((u) => u.state === 'uploading');
    return (
      <div className={styles.form}>
        <p className={styles.notice} role="status">
          {texts.saved}
        </p>
        <UploadList uploads={uploads} texts={texts} />
        <div className={styles.field}>
          <label htmlFor={`${id}-more`}>{texts.addImages}</label>
          <input
            id={`${id}-more`}
            type="file"
            accept=".jpg,.jpeg,.png,.webp"
            multiple
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])];
              event.currentTarget.value = '';
              if (files.length > 0) void uploadAll(created.id, files);
            }}
          />
        </div>
        {!busy && (
          <PaymentForm
            requestId={created.id}
            amountText={texts.prices[created.complexity]}
            trackingHref={`${trackingPrefix}${created.id}`}
            testCards={testCards}
            texts={paymentTexts}
          />
        )}
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.field}>
        <label htmlFor={`${id}-title`}>{texts.title}</label>
        <input {...field('title')} maxLength={100} required />
        {error('title')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-description`}>{texts.description}</label>
        <textarea
          {...field('description')}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={descriptionLength.max}
          required
        />
        <p className={styles.hint} id={`${id}-description-hint`} aria-live="polite">
          {remaining}
        </p>
        {error('description')}
      </div>
      <fieldset
        className={styles.fieldset}
        aria-describedby={errors.complexity ? `${id}-complexity-error` : undefined}
      >
        <legend className={styles.legend}>{texts.complexity}</legend>
        {customModelComplexities.map((key) => (
          <label key={key} className={styles.choice}>
            <input
              type="radio"
              name="complexity"
              value={key}
              checked={complexity === key}
              onChange={() => setComplexity(key)}
            />
            <span>
              <strong>
                {texts.complexities[key].name} — {texts.prices[key]}
              </strong>
              <span className={styles.hint}>{texts.complexities[key].description}</span>
            </span>
          </label>
        ))}
        {complexity && (
          <p className={styles.price} aria-live="polite">
            {fillTemplate(texts.priceLine, {
              price: texts.prices[complexity],
              days: String(customModelPriceTable[complexity].turnaroundDays),
            })}
          </p>
        )}
        {error('complexity')}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{texts.fileFormats}</legend>
        <p className={styles.hint}>{texts.fileFormatsHint}</p>
        <div className={styles.formats}>
          {wantedFileFormats.map((format) => (
            <label key={format} className={styles.check}>
              <input type="checkbox" name="fileFormats" value={format} />
              {format.toUpperCase()}
            </label>
          ))}
        </div>
        {error('fileFormats')}
      </fieldset>
      <p className={styles.hint}>{texts.referencesNote}</p>
      <div className={styles.field}>
        <label htmlFor={`${id}-images`}>{texts.images}</label>
        <input {...field('images')} type="file" accept=".jpg,.jpeg,.png,.webp" multiple />
        <p className={styles.hint} id={`${id}-images-hint`}>
          {texts.imagesHint}
        </p>
        {error('images')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-referenceLinks`}>{texts.referenceLinks}</label>
        <textarea {...field('referenceLinks')} rows={3} className={styles.shortText} />
        <p className={styles.hint} id={`${id}-referenceLinks-hint`}>
          {texts.linksHint}
        </p>
        {error('referenceLinks')}
      </div>
      {state === 'failed' && (
        <p className={styles.error} role="alert">
          {texts.failed}
        </p>
      )}
      {state === 'rate_limited' && (
        <p className={styles.error} role="alert">
          {texts.rateLimited}
        </p>
      )}
      <div>
        <button type="submit" className="button" disabled={state === 'sending' || !hydrated}>
          {state === 'sending' ? texts.sending : texts.submit}
        </button>
      </div>
    </form>
  );
}
