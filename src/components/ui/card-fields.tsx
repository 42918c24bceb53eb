import styles from './card-fields.module.css';

/** A test provider's card number and what paying with it does ("Declined: insufficient funds"). */
export type TestCard = { number: string; outcome: string };

/**
 * The card inputs a payment form posts (`number`, `expiry`, `cvc`), each labelled; the ids are
 * `${idPrefix}-number` and so on, so a form's `useId()` keeps them unique on the page. Renders no
 * wrapper: the fields sit in the form's own grid.
 */
export function CardFields({
  idPrefix,
  labels,
}: {
  idPrefix: string;
  labels: { cardNumber: string; expiry: string; cvc: string };
}) {
  return (
    <>
      <div className={styles.field}>
        <label htmlFor={`${idPrefix}-number`}>{labels.cardNumber}</label>
        <input
          id={`${idPrefix}-number`}
          name="number"
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          required
        />
      </div>
      <div className={styles.pair}>
        <div className={styles.field}>
          <label htmlFor={`${idPrefix}-expiry`}>{labels.expiry}</label>
          <input
            id={`${idPrefix}-expiry`}
            name="expiry"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={7}
            required
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${idPrefix}-cvc`}>{labels.cvc}</label>
          <input
            id={`${idPrefix}-cvc`}
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            required
          />
        </div>
      </div>
    </>
  );
}

/** The test provider's cards, folded away under `labels.summary` (nothing in production). */
export function TestCardList({
  cards,
  labels,
}: {
  cards: TestCard[];
  labels: { summary: string; note: string };
}) {
  return (
    <details className={styles.testCards}>
      <summary>{labels.summary}</summary>
      <p>{labels.note}</p>
      <ul>
        {cards.map((card) => (
          <li key={card.number}>
            <code>{card.number}</code> — {card.outcome}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The card a payment form's fields hold, as the payment endpoints take it. */
export function readCard(form: FormData): { number: string; expiry: string; cvc: string } {
  return {
    number: String(form.get('number') ?? ''),
    expiry: String(form.get('expiry') ?? ''),
    cvc: String(form.get('cvc') ?? ''),
  };
}
