/** Server-rendered pieces of the custom-model service: the price table, the three steps, lists, history. */
import { customModelComplexities, customModelSteps, type CustomModelStep } from '../custom-model-lifecycle';
import { formatPrice } from '@/lib/money';

import { customModelPriceTable } from '../pricing';
import type { CustomModelEventDto, CustomModelSummaryDto } from '../schemas';
import styles from './request-views.module.css';

export interface PriceTableTexts {
  caption: string;
  complexity: string;
  price: string;
  turnaround: string;
  whatItIs: string;
  days: (count: number) => string;
  complexities: Record<(typeof customModelComplexities)[number], { name: string; description: string }>;
}

/** The documented price table (decision 0026), straight from the one constant table. */
export function PriceTable({ texts }: { texts: PriceTableTexts }) {
  return (
    <div className={styles.tableWrap} role="region" aria-label={texts.caption} tabIndex={0}>
      <table className={styles.table} data-testid="price-table">
        <caption>{texts.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{texts.complexity}</th>
            <th scope="col">{texts.price}</th>
            <th scope="col">{texts.turnaround}</th>
            <th scope="col">{texts.whatItIs}</th>
          </tr>
        </thead>
        <tbody>
          {customModelComplexities.map((key) => (
            <tr key={key} data-complexity={key}>
              <th scope="row">{texts.complexities[key].name}</th>
              <td data-label={texts.price} data-price-cents={customModelPriceTable[key].priceCents}>
                <strong>{formatPrice(customModelPriceTable[key].priceCents)}</strong>
              </td>
              <td data-label={texts.turnaround} data-days={customModelPriceTable[key].turnaroundDays}>
                {texts.days(customModelPriceTable[key].turnaroundDays)}
              </td>
              <td data-label={texts.whatItIs}>{texts.complexities[key].description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The three steps (upload → creation → approve) with the current one marked; `done` when approved. */
export function StepTracker({
  current,
  done,
  texts,
  plain = false,
}: {
  current: CustomModelStep;
  done: boolean;
  /** The service's pitch: the steps without a current one. */
  plain?: boolean;
  texts: {
    label: string;
    steps: Record<CustomModelStep, { title: string; description: string }>;
    current: string;
    finished: string;
  };
}) {
  const index = customModelSteps.indexOf(current);
  return (
    <ol className={styles.steps} aria-label={texts.label}>
      {customModelSteps.map((step, i) => {
        const state = plain ? 'next' : done || i < index ? 'done' : i === index ? 'current' : 'next';
        return (
          <li
            key={step}
            className={styles.step}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={styles.stepNumber} aria-hidden="true">
              {state === 'done' ? '✓' : i + 1}
            </span>
            <span>
              <strong>{texts.steps[step].title}</strong>
              {state === 'current' && <span className={styles.stepState}> — {texts.current}</span>}
              {state === 'done' && <span className="visually-hidden"> — {texts.finished}</span>}
              <span className={styles.stepText}>{texts.steps[step].description}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export interface RequestTableTexts {
  caption: string;
  request: string;
  status: string;
  step: string;
  price: string;
  date: string;
  buyer?: string;
  designer?: string;
  nobody: string;
  statuses: Record<string, string>;
  steps: Record<CustomModelStep, string>;
}

/** A list of requests (the buyer's "My custom models", the admin's queue). */
export function RequestTable({
  requests,
  hrefOf,
  formatDate,
  texts,
  showPeople = false,
}: {
  requests: CustomModelSummaryDto[];
  hrefOf: (id: number) => string;
  formatDate: (date: Date) => string;
  texts: RequestTableTexts;
  showPeople?: boolean;
}) {
  return (
    <div className={styles.tableWrap} role="region" aria-label={texts.caption} tabIndex={0}>
      <table className={styles.table}>
        <caption className="visually-hidden">{texts.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{texts.request}</th>
            <th scope="col">{texts.status}</th>
            <th scope="col">{texts.step}</th>
            {showPeople && <th scope="col">{texts.buyer}</th>}
            {showPeople && <th scope="col">{texts.designer}</th>}
            <th scope="col">{texts.price}</th>
            <th scope="col">{texts.date}</th>
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => (
            <tr key={request.id} data-request={request.id}>
              <th scope="row">
                <a href={hrefOf(request.id)}>{request.title}</a>
              </th>
              <td data-label={texts.status}>
                <span className={styles.badge} data-status={request.status}>
                  {texts.statuses[request.status]}
                </span>
              </td>
              <td data-label={texts.step}>{texts.steps[request.step]}</td>
              {showPeople && <td data-label={texts.buyer}>{request.buyerName}</td>}
              {showPeople && <td data-label={texts.designer}>{request.designerName ?? texts.nobody}</td>}
              <td data-label={texts.price}>{formatPrice(request.priceCents)}</td>
              <td data-label={texts.date}>{formatDate(request.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The request's history, oldest first. */
export function EventHistory({
  events,
  formatDate,
  texts,
}: {
  events: CustomModelEventDto[];
  formatDate: (date: Date) => string;
  texts: { events: Record<string, string>; by: (name: string) => string };
}) {
  return (
    <ol className={styles.history}>
      {events.map((event) => (
        <li key={event.position}>
          <time dateTime={event.createdAt.toISOString()}>{formatDate(event.createdAt)}</time>{' '}
          <strong>{texts.events[event.status]}</strong>
          {event.actorName ? <> {texts.by(event.actorName)}</> : null}
          {event.note ? <blockquote className={styles.note}>{event.note}</blockquote> : null}
        </li>
      ))}
    </ol>
  );
}
