'use client';

import { useRef, type ReactNode } from 'react';

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
}: {
  children: ReactNode;
  minHeight: string;
  margin?: number;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, { margin });
  if (near) return <div className={className}>{children}</div>;
  return (
    <div ref={ref} className={className} style={{ minHeight }} data-lazy-section="">
      <noscript>{children}</noscript>
    </div>
  );
}
