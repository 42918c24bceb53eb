import { languageTags, type Locale } from '@/i18n/routing';
import { formatPrice } from '@/lib/money';

import type { StudioModelSummaryDto } from '../schemas';
import { StatusBadge } from './status-badge';
import styles from './studio-model-list.module.css';

export interface StudioListTexts {
  model: string;
  status: string;
  review: string;
  price: string;
  views: string;
  sales: string;
  updated: string;
  free: string;
  statuses: Record<StudioModelSummaryDto['status'], string>;
  /** Also the label of the model's own studio page. */
  reviewLabel: (
    model: Pick<StudioModelSummaryDto, 'reviewRequested' | 'reviewStatus' | 'reviewScore'>,
  ) => string;
  openLabel: (title: string) => string;
  extra?: { label: string; value: (model: StudioModelSummaryDto & { designerUsername: string }) => string };
}

/** A table of models for the studio and the review queue; each title opens the model's studio page. */
export function StudioModelList({
  models,
  hrefOf,
  locale,
  texts,
}: {
  models: (StudioModelSummaryDto & { designerUsername: string })[];
  hrefOf: (id: number) => string;
  locale: Locale;
  texts: StudioListTexts;
}) {
  const date = new Intl.DateTimeFormat(languageTags[locale], { dateStyle: 'medium' });
  const number = new Intl.NumberFormat(languageTags[locale]);
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{texts.model}</th>
            {texts.extra ? <th scope="col">{texts.extra.label}</th> : null}
            <th scope="col">{texts.status}</th>
            <th scope="col">{texts.review}</th>
            <th scope="col">{texts.price}</th>
            <th scope="col">{texts.views}</th>
            <th scope="col">{texts.sales}</th>
            <th scope="col">{texts.updated}</th>
          </tr>
        </thead>
        <tbody>
          {models.map((model) => (
            <tr key={model.id} data-testid="studio-model">
              <th scope="row" className={styles.title}>
                {model.picture ? (
                  <img src={model.picture} alt="" width={60} height={45} loading="lazy" />
                ) : null}
                <a href={hrefOf(model.id)} aria-label={texts.openLabel(model.title)}>
                  {model.title}
                </a>
              </th>
              {texts.extra ? <td>{texts.extra.value(model)}</td> : null}
              <td>
                <StatusBadge status={model.status} label={texts.statuses[model.status]} />
              </td>
              <td>{texts.reviewLabel(model)}</td>
              <td>{model.priceCents === 0 ? texts.free : formatPrice(model.priceCents)}</td>
              <td>{number.format(model.views)}</td>
              <td>{number.format(model.sales)}</td>
              <td>{date.format(model.updatedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
