'use client';

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

import { breakpoints } from '@/lib/breakpoints';

import styles from './tooltip.module.css';

/** Spec §9: tooltips show after 300 ms and, when they hold links, hide 500 ms after the pointer leaves. */
export const tooltipShowDelayMs = 300;
export const tooltipClickableHideDelayMs = 500;

/**
 * A tooltip on a button: on hover or keyboard focus, or (spec §2) on click on xs and sm screens.
 * `clickable` tooltips hold links and stay open long enough to reach them.
 */
export function Tooltip({
  label,
  children,
  clickable = false,
  className,
}: {
  /** The trigger's content (an icon needs a visually hidden text too). */
  label: ReactNode;
  /** The tooltip's content. */
  children: ReactNode;
  clickable?: boolean;
  className?: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const later = (value: boolean, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(value), ms);
  };
  const isTouchLayout = () => window.innerWidth < breakpoints.md;

  return (
    <span
      className={`${styles.wrapper} ${className ?? ''}`}
      onMouseEnter={() => !isTouchLayout() && later(true, tooltipShowDelayMs)}
      onMouseLeave={() => !isTouchLayout() && later(false, clickable ? tooltipClickableHideDelayMs : 0)}
    >
      <button
        type="button"
        className={styles.trigger}
        aria-describedby={open ? id : undefined}
        aria-expanded={clickable ? open : undefined}
        onClick={() => isTouchLayout() && setOpen((value) => !value)}
        // On xs/sm a click toggles it; opening on the focus that the same click gives would race the toggle.
        onFocus={() => !isTouchLayout() && later(true, 0)}
        onBlur={(event) => {
          if (!event.currentTarget.parentElement?.contains(event.relatedTarget)) later(false, 0);
        }}
      >
        {label}
      </button>
      <span
        id={id}
        role="tooltip"
        className={styles.bubble}
        hidden={!open}
        onMouseEnter={() => clearTimeout(timer.current)}
      >
        {children}
      </span>
    </span>
  );
}
