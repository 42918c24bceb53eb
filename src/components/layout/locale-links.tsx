'use client';

import { useEffect, useRef, type ReactNode } from 'react';

/** Points the language links at the page's own hreflang alternates (same page, other locale). */
export function LocaleLinks({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const link of ref.current?.querySelectorAll<HTMLAnchorElement>('a[hreflang]') ?? []) {
      const alternate = document.querySelector<HTMLLinkElement>(
        `link[rel="alternate"][hreflang="${link.hreflang}"]`,
      );
      if (alternate) link.href = alternate.href;
    }
  }, []);
  return <div ref={ref}>{children}</div>;
}
