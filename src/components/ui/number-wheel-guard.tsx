'use client';

import { useEffect } from 'react';

/**
 * Spec §5 "Number inputs lose focus on mouse wheel": a focused number field under the pointer would
 * otherwise step its value as the page scrolls (an admin's review score 80 became 79). Blurred during
 * the wheel event's dispatch, the field is no longer focused when the browser's default action runs,
 * so the value stays and the page scrolls.
 */
function blurNumberInputOnWheel(event: Pick<WheelEvent, 'target'>, activeElement: Element | null): void {
  const target = event.target;
  if (target !== activeElement || !(target instanceof HTMLInputElement) || target.type !== 'number') return;
  target.blur();
}

/** Mounted once in the layout: one listener for every number input of every page, present and future. */
export function NumberWheelGuard() {
  useEffect(() => {
    const onWheel = (event: WheelEvent) => blurNumberInputOnWheel(event, document.activeElement);
    document.addEventListener('wheel', onWheel, { capture: true, passive: true });
    return () => document.removeEventListener('wheel', onWheel, { capture: true });
  }, []);
  return null;
}
