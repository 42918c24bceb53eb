'use client';

import { useId, useState, type FormEvent } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';
import { fillTemplate } from '@/lib/template';

import {
  maxPortfolioModels,
  proposalLength,
  validateApplication,
  type ApplicationError,
  type ApplicationField,
} from '../application-schemas';
import styles from './work.module.css';

export type ApplicationFormTexts = Record<
  | 'proposal'
  | 'proposalHint'
  | 'price'
  | 'priceHint'
  | 'deliveryDays'
  | 'deliveryDaysHint'
  | 'portfolio'
  | 'portfolioHint'
  | 'noModels'
  | 'submit'
  | 'saving'
  | 'saved'
  | 'charsLeftOne'
  | 'charsLeftOther'
  | 'failed'
  | 'conflict'
  | 'rate_limited'
  | ApplicationError,
  string
>;

export interface PortfolioChoice {
  id: number;
  title: string;
  image: string | null;
}

/**
 * A designer's application (new or an edit): proposal with a remaining-character counter, price,
 * delivery days and up to 6 of their own models. Checked here first, then by the server; the page the
 * designer lands on after saving is `then` ('{applicationId}' in it becomes the application's id).
 */
export function ApplicationForm({
  endpoint,
  then,
  initial,
  choices,
  languageTag,
  texts,
}: {
  endpoint: string;
  then: string;
  initial: { proposal: string; price: string; deliveryDays: string; portfolio: number[] };
  choices: PortfolioChoice[];
  languageTag: string;
  texts: ApplicationFormTexts;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [proposal, setProposal] = useState(initial.proposal);
  const [errors, setErrors] = useState<Partial<Record<ApplicationField, string>>>({});
  const [state, setState] = useState<'idle' | 'sending' | 'saved' | 'failed' | 'conflict' | 'rate_limited'>(
    'idle',
  );

  const remaining = proposalLength.max - proposal.length;
  const plural =
    new Intl.PluralRules(languageTag).select(remaining) === 'one' ? 'charsLeftOne' : 'charsLeftOther';
  const counter = fillTemplate(texts[plural], {
    count: new Intl.NumberFormat(languageTag).format(remaining),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'sending') return;
    const form = new FormData(event.currentTarget);
    const input = {
      proposal: String(form.get('proposal') ?? ''),
      price: String(form.get('price') ?? ''),
      deliveryDays: String(form.get('deliveryDays') ?? ''),
      portfolio: form.getAll('portfolio').map((v) => Number(v)),
    };
    const checked = validateApplication(input);
    if (!checked.ok) {
      setErrors(checked.fieldErrors);
      return;
    }
    setErrors({});
    setState('sending');
    try {
      const response = await postToApi(endpoint, { json: input });
      if (response.ok) {
        const body = (await response.json()) as { data?: { id?: number } };
        setState('saved');
        window.location.assign(then.replace('{applicationId}', String(body.data?.id ?? '')));
        return;
      }
      if (response.status === 400) {
        const body = (await response.json()) as { error?: { fieldErrors?: Record<string, string> } };
        setErrors((body.error?.fieldErrors ?? {}) as Partial<Record<ApplicationField, string>>);
        setState('idle');
        return;
      }
      if (response.status === 409) return setState('conflict');
      if (response.status === 429) return setState('rate_limited');
      throw new Error(`HTTP ${response.status}`);
    } catch (error) {
      reportClientError('Application failed', error);
      setState('failed');
    }
  }

  const message = (field: ApplicationField) => {
    const key = errors[field];
    if (!key) return null;
    return (
      <p className={styles.error} id={`${id}-${field}-error`}>
        {texts[key as ApplicationError] ?? texts.failed}
      </p>
    );
  };
  const described = (field: ApplicationField, hint: string) =>
    [errors[field] ? `${id}-${field}-error` : null, hint].filter(Boolean).join(' ');

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.field}>
        <label htmlFor={`${id}-proposal`}>{texts.proposal}</label>
        <p className={styles.hint} id={`${id}-proposal-hint`}>
          {texts.proposalHint}
        </p>
        <textarea
          id={`${id}-proposal`}
          name="proposal"
          value={proposal}
          onChange={(e) => setProposal(e.target.value)}
          maxLength={proposalLength.max}
          required
          aria-invalid={errors.proposal ? true : undefined}
          aria-describedby={described('proposal', `${id}-proposal-hint ${id}-proposal-count`)}
        />
        <p className={styles.hint} id={`${id}-proposal-count`} aria-live="polite">
          {counter}
        </p>
        {message('proposal')}
      </div>
      <div className={styles.pair}>
        <div className={styles.field}>
          <label htmlFor={`${id}-price`}>{texts.price}</label>
          <input
            id={`${id}-price`}
            name="price"
            inputMode="decimal"
            defaultValue={initial.price}
            required
            aria-invalid={errors.price ? true : undefined}
            aria-describedby={described('price', `${id}-price-hint`)}
          />
          <p className={styles.hint} id={`${id}-price-hint`}>
            {texts.priceHint}
          </p>
          {message('price')}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-days`}>{texts.deliveryDays}</label>
          <input
            id={`${id}-days`}
            name="deliveryDays"
            inputMode="numeric"
            defaultValue={initial.deliveryDays}
            required
            aria-invalid={errors.deliveryDays ? true : undefined}
            aria-describedby={described('deliveryDays', `${id}-days-hint`)}
          />
          <p className={styles.hint} id={`${id}-days-hint`}>
            {texts.deliveryDaysHint}
          </p>
          {message('deliveryDays')}
        </div>
      </div>
      <fieldset className={styles.fieldset} aria-describedby={described('portfolio', `${id}-portfolio-hint`)}>
        <legend className={styles.legend}>{texts.portfolio}</legend>
        <p className={styles.hint} id={`${id}-portfolio-hint`}>
          {choices.length > 0 ? texts.portfolioHint : texts.noModels}
        </p>
        {choices.length > 0 && (
          <ul className={styles.portfolioChoices}>
            {choices.map((choice) => (
              <li key={choice.id}>
                <label className={styles.portfolioChoice}>
                  {choice.image ? (
                    <img src={choice.image} alt="" loading="lazy" width={160} height={120} />
                  ) : null}
                  <span className={styles.choiceLine}>
                    <input
                      type="checkbox"
                      name="portfolio"
                      value={choice.id}
                      defaultChecked={initial.portfolio.includes(choice.id)}
                      data-max={maxPortfolioModels}
                    />
                    <span>{choice.title}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {message('portfolio')}
      </fieldset>
      <div className={styles.row}>
        <button type="submit" className="button" disabled={state === 'sending' || !hydrated}>
          {state === 'sending' ? texts.saving : texts.submit}
        </button>
        {state === 'saved' && <p className={styles.notice}>{texts.saved}</p>}
        {(state === 'failed' || state === 'conflict' || state === 'rate_limited') && (
          <p className={styles.error} role="alert">
            {texts[state]}
          </p>
        )}
      </div>
    </form>
  );
}
