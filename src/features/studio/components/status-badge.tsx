import type { ModelStatus } from '@/features/catalog/api';

import styles from './status-badge.module.css';

/** A model's studio status as a coloured label. */
export function StatusBadge({ status, label }: { status: ModelStatus; label: string }) {
  return (
    <span className={`${styles.badge} ${styles[status]}`} data-status={status}>
      {label}
    </span>
  );
}
