'use client';

import { createContext, use, useState, type ReactNode } from 'react';

import { Icon } from '@/components/ui/icon';

import {
  cardDisplayCookie,
  cardDisplayCookieMaxAge,
  serializeCardDisplay,
  type CardDisplay,
  type CardSize,
} from '../card-display';
import styles from './card-display.module.css';
import { useHydrated } from '@/components/ui/use-hydrated';

const CardDisplayContext = createContext<{
  display: CardDisplay;
  change: (display: CardDisplay) => void;
} | null>(null);

function saveCardDisplay(display: CardDisplay) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${cardDisplayCookie}=${serializeCardDisplay(display)}; Path=/; Max-Age=${cardDisplayCookieMaxAge}; SameSite=Lax${secure}`;
}

/**
 * The part of a listing whose cards follow the visitor's card size and visibility: the grid reads the
 * `data-card-*` attributes in CSS, so a change re-renders nothing on the server.
 */
export function CardDisplayArea({
  initial,
  className,
  children,
}: {
  initial: CardDisplay;
  className?: string;
  children: ReactNode;
}) {
  const [display, setDisplay] = useState(initial);
  const change = (next: CardDisplay) => {
    setDisplay(next);
    saveCardDisplay(next);
  };
  return (
    <CardDisplayContext value={{ display, change }}>
      <div
        className={className}
        data-card-size={display.size}
        data-card-details={display.details ? 'shown' : 'hidden'}
      >
        {children}
      </div>
    </CardDisplayContext>
  );
}

export type CardDisplayLabels = Record<'cardSize' | 'large' | 'small' | 'details', string>;

/**
 * Card size (large, small) and a details on/off switch. They need scripts, so until the page is
 * hydrated they keep their place hidden and inert: appearing later would push the grid down (a layout
 * shift Lighthouse measured at 0.024 on the search page at 375 px).
 */
export function CardDisplayControls({ labels }: { labels: CardDisplayLabels }) {
  const context = use(CardDisplayContext);
  const hydrated = useHydrated();
  if (!context) return null;
  const { display, change } = context;
  const sizeButton = (size: CardSize) => (
    <button
      type="button"
      className={styles.button}
      aria-pressed={display.size === size}
      aria-label={labels[size]}
      title={labels[size]}
      onClick={() => change({ ...display, size })}
    >
      <Icon name={size === 'large' ? 'cards-large' : 'cards-small'} size={20} />
    </button>
  );
  return (
    <div className={hydrated ? styles.controls : `${styles.controls} ${styles.waiting}`} inert={!hydrated}>
      <div role="group" aria-label={labels.cardSize} className={styles.sizes}>
        {sizeButton('large')}
        {sizeButton('small')}
      </div>
      <button
        type="button"
        className={`${styles.button} ${styles.details}`}
        aria-pressed={display.details}
        onClick={() => change({ ...display, details: !display.details })}
      >
        {labels.details}
      </button>
    </div>
  );
}
