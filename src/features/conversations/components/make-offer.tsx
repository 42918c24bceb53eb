'use client';

import { useId, useRef, useState, type FormEvent } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { formatPrice } from '@/lib/money';
import { fillTemplate } from '@/lib/template';

import { checkOfferPrice, minOfferCents } from '../offer-rules';
import { postOpeningMessage } from './open-conversation';
import styles from './offers.module.css';

export type MakeOfferLabels = Record<
  | 'open'
  | 'formLabel'
  | 'model'
  | 'chooseModel'
  | 'price'
  | 'priceHint'
  | 'note'
  | 'send'
  | 'sending'
  | 'cancel'
  | 'failed'
  | 'rateLimited'
  | 'model_required'
  | 'model_unknown'
  | 'price_required'
  | 'price_invalid'
  | 'price_too_low'
  | 'price_too_high'
  | 'note_too_long'
  | 'buyer_purchased'
  | 'buyer_accepted',
  string
>;

/**
 * A designer's "Make an offer" in a conversation with a buyer: one of their models and a price (at most
 * the model's, prefilled with it), an optional note. The offer conversation opens once it is sent.
 */
export function MakeOffer({
  conversationId,
  models,
  conversationHref,
  labels,
}: {
  conversationId: number;
  models: { id: number; title: string; priceCents: number }[];
  conversationHref: string;
  labels: MakeOfferLabels;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [modelId, setModelId] = useState('');
  const [price, setPrice] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ model?: string; price?: string; note?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const modelRef = useRef<HTMLSelectElement>(null);
  const priceRef = useRef<HTMLInputElement>(null);
  const chosen = models.find((model) => String(model.id) === modelId) ?? null;
  const fill = (text: string) =>
    fillTemplate(text, {
      min: formatPrice(minOfferCents),
      price: chosen ? formatPrice(chosen.priceCents) : '',
    });

  function show(found: typeof errors) {
    setErrors(found);
    if (found.model) modelRef.current?.focus();
    else if (found.price) priceRef.current?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setFormError(null);
    if (!chosen) return show({ model: labels.model_required });
    const checked = checkOfferPrice(price, chosen.priceCents);
    if (!checked.ok) return show({ price: fill(labels[`price_${checked.error}`]) });
    show({});
    setSending(true);
    const outcome = await postOpeningMessage(
      `/api/internal/conversations/${conversationId}/offers`,
      { modelId: chosen.id, price, note },
      conversationHref,
      'Making an offer failed',
    );
    if (outcome.kind === 'opened') return;
    setSending(false);
    if (outcome.kind !== 'invalid')
      return setFormError(outcome.kind === 'rateLimited' ? labels.rateLimited : labels.failed);
    const fields = outcome.fieldErrors;
    const text = (field: string) => {
      const key = `${field}_${fields[field]}` as keyof MakeOfferLabels;
      return fill(labels[key] ?? labels.failed);
    };
    if (fields.buyer) setFormError(text('buyer'));
    show({
      ...(fields.model ? { model: text('model') } : {}),
      ...(fields.price ? { price: text('price') } : {}),
      ...(fields.note ? { note: text('note') } : {}),
    });
    if (!fields.buyer && !fields.model && !fields.price && !fields.note) setFormError(labels.failed);
  }

  if (!open)
    return (
      <p>
        <button
          type="button"
          className="button button-secondary"
          disabled={!hydrated}
          onClick={() => {
            setOpen(true);
            requestAnimationFrame(() => modelRef.current?.focus());
          }}
        >
          {labels.open}
        </button>
      </p>
    );
  const describe = (name: string, error?: string) =>
    [name === 'price' ? `${id}-price-hint` : null, error ? `${id}-${name}-error` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <form
      className={`${styles.form} ${styles.panel}`}
      onSubmit={onSubmit}
      noValidate
      aria-label={labels.formLabel}
    >
      <label htmlFor={`${id}-model`}>{labels.model}</label>
      <select
        ref={modelRef}
        id={`${id}-model`}
        value={modelId}
        onChange={(event) => {
          setModelId(event.target.value);
          setErrors({});
          const model = models.find((m) => String(m.id) === event.target.value);
          setPrice(model ? (model.priceCents / 100).toFixed(2) : '');
        }}
        aria-invalid={errors.model ? true : undefined}
        aria-describedby={describe('model', errors.model)}
      >
        <option value="">{labels.chooseModel}</option>
        {models.map((model) => (
          <option key={model.id} value={model.id}>
            {model.title} ({formatPrice(model.priceCents)})
          </option>
        ))}
      </select>
      {errors.model && (
        <p id={`${id}-model-error`} className={styles.error}>
          {errors.model}
        </p>
      )}
      <label htmlFor={`${id}-price`}>{labels.price}</label>
      <input
        ref={priceRef}
        id={`${id}-price`}
        inputMode="decimal"
        autoComplete="off"
        value={price}
        onChange={(event) => {
          setPrice(event.target.value);
          if (errors.price) setErrors({ ...errors, price: undefined });
        }}
        aria-invalid={errors.price ? true : undefined}
        aria-describedby={describe('price', errors.price)}
      />
      <p id={`${id}-price-hint`} className={styles.hint}>
        {fill(labels.priceHint)}
      </p>
      {errors.price && (
        <p id={`${id}-price-error`} className={styles.error}>
          {errors.price}
        </p>
      )}
      <label htmlFor={`${id}-note`}>{labels.note}</label>
      <textarea
        id={`${id}-note`}
        rows={3}
        maxLength={5000}
        value={note}
        onChange={(event) => {
          setNote(event.target.value);
          if (errors.note) setErrors({ ...errors, note: undefined });
        }}
        aria-invalid={errors.note ? true : undefined}
        aria-describedby={describe('note', errors.note)}
      />
      {errors.note && (
        <p id={`${id}-note-error`} className={styles.error}>
          {errors.note}
        </p>
      )}
      {formError && (
        <p className={styles.error} role="alert">
          {formError}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={sending || !hydrated}>
          {sending ? labels.sending : labels.send}
        </button>
        <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
          {labels.cancel}
        </button>
      </div>
    </form>
  );
}
