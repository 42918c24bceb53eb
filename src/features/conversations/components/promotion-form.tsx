'use client';

import { useId, useRef, useState, type FormEvent } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';
import { fillTemplate } from '@/lib/template';

import { messageBodyMaxLength, validateMessageBody } from '../conversation-message';
import { checkSubject, subjectMaxLength, type PromotionGroup } from '../support-rules';
import styles from './offers.module.css';

export interface PromotionFormLabels {
  group: string;
  chooseGroup: string;
  subject: string;
  message: string;
  send: string;
  sending: string;
  failed: string;
  rateLimited: string;
  /** By plural category (one, few, many, other), with `{count}`. */
  sent: Record<'one' | 'few' | 'many' | 'other', string>;
  errors: Record<string, string>;
}

/**
 * An admin's promotion: the group (each option with how many it reaches, and that count again under
 * the choice), the subject and the message; after sending, how many received it.
 */
export function PromotionForm({
  groups,
  languageTag,
  labels,
}: {
  groups: { value: PromotionGroup; label: string; count: number; reach: string }[];
  languageTag: string;
  labels: PromotionFormLabels;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [group, setGroup] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const groupRef = useRef<HTMLSelectElement>(null);
  const chosen = groups.find((g) => g.value === group) ?? null;
  const error = (key: string) =>
    fillTemplate(labels.errors[key] ?? labels.failed, {
      max: key.startsWith('subject') ? subjectMaxLength : messageBodyMaxLength,
    });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSent(null);
    setFormError(null);
    const found: Record<string, string> = {};
    if (!chosen) found.group = error('group_required');
    const checkedSubject = checkSubject(subject);
    if (!checkedSubject.ok) found.subject = error(`subject_${checkedSubject.error}`);
    const checkedBody = validateMessageBody(body);
    if (!checkedBody.ok) found.body = error(`message_${checkedBody.error}`);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      if (found.group) groupRef.current?.focus();
      return;
    }
    setSending(true);
    try {
      const response = await postToApi('/api/internal/admin/promotions', { json: { group, subject, body } });
      if (response.status === 429) return setFormError(labels.rateLimited);
      if (response.status === 400) {
        const { error: refusal } = (await response.json()) as {
          error?: { fieldErrors?: Record<string, string> };
        };
        const fields = refusal?.fieldErrors ?? {};
        setErrors(
          Object.fromEntries(
            Object.entries(fields).map(([field, code]) => [
              field,
              error(`${field === 'body' ? 'message' : field}_${code}`),
            ]),
          ),
        );
        return;
      }
      if (response.status !== 201) throw new Error(`HTTP ${response.status}`);
      const { data } = (await response.json()) as { data: { sent: number } };
      const category = new Intl.PluralRules(languageTag).select(data.sent);
      const template = labels.sent[category as keyof PromotionFormLabels['sent']] ?? labels.sent.other;
      setSent(fillTemplate(template, { count: new Intl.NumberFormat(languageTag).format(data.sent) }));
      setSubject('');
      setBody('');
    } catch (failure) {
      reportClientError('Sending a promotion failed', failure);
      setFormError(labels.failed);
    } finally {
      setSending(false);
    }
  }

  const describedBy = (name: string, extra?: string) =>
    [extra, errors[name] ? `${id}-${name}-error` : null].filter(Boolean).join(' ') || undefined;
  const fieldError = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className={styles.error}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="promotion-form">
      <label htmlFor={`${id}-group`}>{labels.group}</label>
      <select
        ref={groupRef}
        id={`${id}-group`}
        value={group}
        onChange={(event) => setGroup(event.target.value)}
        aria-invalid={errors.group ? true : undefined}
        aria-describedby={describedBy('group', chosen ? `${id}-reach` : undefined)}
      >
        <option value="">{labels.chooseGroup}</option>
        {groups.map((g) => (
          <option key={g.value} value={g.value}>
            {g.label} ({new Intl.NumberFormat(languageTag).format(g.count)})
          </option>
        ))}
      </select>
      {chosen && (
        <p id={`${id}-reach`} className={styles.hint} data-testid="promotion-reach">
          {chosen.reach}
        </p>
      )}
      {fieldError('group')}
      <label htmlFor={`${id}-subject`}>{labels.subject}</label>
      <input
        id={`${id}-subject`}
        value={subject}
        maxLength={subjectMaxLength}
        onChange={(event) => setSubject(event.target.value)}
        aria-invalid={errors.subject ? true : undefined}
        aria-describedby={describedBy('subject')}
      />
      {fieldError('subject')}
      <label htmlFor={`${id}-body`}>{labels.message}</label>
      <textarea
        id={`${id}-body`}
        rows={6}
        maxLength={messageBodyMaxLength}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        aria-invalid={errors.body ? true : undefined}
        aria-describedby={describedBy('body')}
      />
      {fieldError('body')}
      {formError && (
        <p className={styles.error} role="alert">
          {formError}
        </p>
      )}
      <p role="status" data-testid="promotion-sent">
        {sent ?? ''}
      </p>
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={sending || !hydrated}>
          {sending ? labels.sending : labels.send}
        </button>
      </div>
    </form>
  );
}
