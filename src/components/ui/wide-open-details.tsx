'use client';

import { useEffect, useRef, type ComponentProps } from 'react';

import { breakpoints } from '@/lib/breakpoints';

/**
 * A <details> that opens by itself on md screens and wider (a sidebar there), and stays a closed
 * disclosure on phones unless the server opened it. After that, the visitor's toggles rule.
 */
export function WideOpenDetails(props: ComponentProps<'details'>) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (ref.current && window.innerWidth >= breakpoints.md) ref.current.open = true;
  }, []);
  return <details ref={ref} {...props} />;
}
