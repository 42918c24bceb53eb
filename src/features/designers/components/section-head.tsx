import type { ReactNode } from 'react';

import styles from './section-head.module.css';

/** A profile tab's heading (h2, with `id` for aria-labelledby) and its controls beside it. */
export function SectionHead({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className={styles.head}>
      <h2 id={id}>{title}</h2>
      {children}
    </div>
  );
}
