'use client';

import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

import { useNearViewport } from './use-near-viewport';

/** Spec §9: sections below the fold render within 200 px of the viewport. */
export const lazySectionMargin = 200;

/**
 * Renders its children once the placeholder comes within `margin` px of the viewport. Before that,
 * and for visitors without scripts, the server-rendered children are in a <noscript>, so crawlers and
 * no-script users see every section. `minHeight` reserves the section's space.
 */
export function LazySection({
  children,
  minHeight,
  margin = lazySectionMargin,
  className,
  id,
}: {
  children: ReactNode;
  minHeight: string;
  margin?: number;
  className?: string;
  /** A fragment target (`/#id`): the placeholder carries it too, so a link scrolls to the section. */
  id?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, { margin });
  useKeptInViewWhenLinked(ref, id);
  if (near)
    return (
      <div ref={ref} id={id} className={className}>
        {children}
      </div>
    );
  return (
    <div ref={ref} id={id} className={className} style={{ minHeight }} data-lazy-section="">
      <noscript>{children}</noscript>
    </div>
  );
}

/**
 * Arriving by a link to the section (`/#id`), the browser scrolls to its placeholder; the sections
 * above then mount at their real heights and would move it away. It is scrolled back into view while
 * the page settles (2 s), until the visitor scrolls by themselves.
 */
function useKeptInViewWhenLinked(ref: RefObject<HTMLElement | null>, id: string | undefined) {
  useEffect(() => {
    if (!id || location.hash !== `#${id}`) return;
    const observer = new ResizeObserver(() => ref.current?.scrollIntoView());
    observer.observe(document.body);
    const stop = () => observer.disconnect();
    const timer = setTimeout(stop, 2000);
    const visitorScrolls = ['wheel', 'touchstart', 'keydown'] as const;
    for (const type of visitorScrolls) addEventListener(type, stop, { once: true, passive: true });
    return () => {
      stop();
      clearTimeout(timer);
      for (const type of visitorScrolls) removeEventListener(type, stop);
    };
  }, [ref, id]);
}
