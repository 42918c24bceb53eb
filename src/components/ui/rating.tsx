import styles from './rating.module.css';

/** Spec §3 "Rating widget": start 0, stop 5, step 1, fractions 1 (whole stars), optionally read-only. */
export const ratingScale = { start: 0, stop: 5, step: 1, fractions: 1 } as const;

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

/**
 * Read-only: stars with the value as text for screen readers (`label`, e.g. "Rated 4.8 out of 5").
 * Editable: a radio group named `name`, which works in a plain form without scripts.
 */
export function Rating(
  props:
    | { readonly: true; value: number; label: string }
    | { readonly?: false; name: string; value?: number; label: string; starLabel: (stars: number) => string },
) {
  const stars = Array.from(
    { length: (ratingScale.stop - ratingScale.start) / ratingScale.step },
    (_, i) => i + 1,
  );
  if (props.readonly) {
    const filled = filledStars(props.value);
    return (
      <span className={styles.rating} role="img" aria-label={props.label}>
        {stars.map((star) => (
          <Star key={star} filled={star <= filled} />
        ))}
      </span>
    );
  }
  return (
    <fieldset className={styles.input}>
      <legend className="visually-hidden">{props.label}</legend>
      {/* Highest first in the markup, shown lowest first (row-reverse), so CSS can fill "up to here". */}
      {[...stars].reverse().map((star) => (
        <label key={star}>
          <input type="radio" name={props.name} value={star} defaultChecked={props.value === star} />
          <span className="visually-hidden">{props.starLabel(star)}</span>
          <Star />
        </label>
      ))}
    </fieldset>
  );
}
