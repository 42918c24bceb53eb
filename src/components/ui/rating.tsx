import styles from './rating.module.css';

/** Spec §3 "Rating widget": start 0, stop 5, step 1, fractions 1 (whole stars), optionally read-only. */
export const ratingScale = { start: 0, stop: 5, step: 1, fractions: 1 } as const;

/** Every value the widget can take, lowest first: 0, 1, …, 5. */
export const ratingValues: readonly number[] = Array.from(
  { length: (ratingScale.stop - ratingScale.start) / ratingScale.step + 1 },
  (_, i) => ratingScale.start + i * ratingScale.step,
);

const starPath = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/** Whole stars filled for a rating (fractions 1: rounded to the nearest step). */
export function filledStars(value: number): number {
  const { start, stop, step, fractions } = ratingScale;
  const unit = step / fractions;
  return Math.min(stop, Math.max(start, Math.round(value / unit) * unit));
}

function Star({ filled }: { filled?: boolean }) {
  const className = filled === undefined ? undefined : filled ? styles.filled : styles.empty;
  return (
    <svg className={className} width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
      <path d={starPath} />
    </svg>
  );
}

/** The "no stars" choice: a struck-through circle, as rating widgets clear a rating. */
function NoStars() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="12" cy="12" r="8" />
      <path d="M6.5 17.5l11-11" />
    </svg>
  );
}

/**
 * Read-only: stars with the value as text for screen readers (`label`, e.g. "Rated 4.8 out of 5").
 * Editable: a group of native radio buttons named `name`, one per value from 0 (no stars) to 5, in
 * that order, so arrow keys go up and down the scale, screen readers announce "3 stars, 4 of 6", and
 * a plain form sends it without scripts. `optionLabels[n]` names the value n ("3 stars").
 */
export function Rating(
  props:
    | { readonly: true; value: number; label: string }
    | {
        readonly?: false;
        name: string;
        value?: number;
        label: string;
        optionLabels: readonly string[];
        invalid?: boolean;
        describedBy?: string;
      },
) {
  if (props.readonly) {
    const filled = filledStars(props.value);
    return (
      <span className={styles.rating} role="img" aria-label={props.label}>
        {ratingValues
          .filter((star) => star > ratingScale.start)
          .map((star) => (
            <Star key={star} filled={star <= filled} />
          ))}
      </span>
    );
  }
  const checked = filledStars(props.value ?? ratingScale.start);
  return (
    <fieldset
      className={styles.input}
      aria-invalid={props.invalid || undefined}
      aria-describedby={props.describedBy}
      data-testid="rating-input"
    >
      <legend className={styles.legend}>{props.label}</legend>
      {ratingValues.map((value) => (
        <label key={value} className={value === ratingScale.start ? styles.none : styles.star}>
          <input type="radio" name={props.name} value={value} defaultChecked={value === checked} />
          <span className="visually-hidden">{props.optionLabels[value]}</span>
          {value === ratingScale.start ? <NoStars /> : <Star />}
        </label>
      ))}
    </fieldset>
  );
}
