import styles from './option-links.module.css';

/**
 * A choice among a few views of a list (a sort, received or given) as links, so every choice is a
 * shareable URL that works without scripts; the chosen one is marked with aria-current.
 */
export function OptionLinks({
  label,
  options,
}: {
  label: string;
  options: Array<{ key: string; label: string; href: string; current: boolean }>;
}) {
  return (
    <nav aria-label={label} className={styles.options}>
      <span aria-hidden="true" className={styles.label}>
        {label}
      </span>
      <ul>
        {options.map((option) => (
          <li key={option.key}>
            <a href={option.href} aria-current={option.current ? 'true' : undefined}>
              {option.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
