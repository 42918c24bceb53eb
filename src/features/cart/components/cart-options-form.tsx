'use client';

import { useRouter } from 'next/navigation';
import { useTransition, type ChangeEvent, type ReactNode } from 'react';

/**
 * The cart's coupon and credits: a plain GET form (its "Apply" button sends both without scripts). With
 * scripts, ticking or unticking "Use my credits" reprices the cart at once: the page is fetched again
 * with the new `credits` parameter, keeping the applied coupon and the rest of the page's state.
 */
export function CartOptionsForm({ className, children }: { className?: string; children: ReactNode }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  function onChange(event: ChangeEvent<HTMLFormElement>) {
    const target = event.target as unknown as HTMLInputElement;
    if (target.type !== 'checkbox' || target.name !== 'credits') return;
    const { pathname, search } = window.location;
    const params = new URLSearchParams(search);
    if (target.checked) params.set('credits', '1');
    else params.delete('credits');
    const query = params.toString();
    startTransition(() => router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false }));
  }

  return (
    <form className={className} method="get" onChange={onChange} aria-busy={pending || undefined}>
      {children}
    </form>
  );
}
