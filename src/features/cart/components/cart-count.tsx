'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';

import { cartCountEvent } from './cart-events';

/**
 * The number on the header's cart icon. A change announced on the page (an add to cart) shows here at
 * once and refreshes the server-rendered rest of the widget (its label and panel) in the page's
 * language, without a reload.
 */
export function CartCount({ initial, className }: { initial: number; className?: string }) {
  const router = useRouter();
  const [announced, setAnnounced] = useState<number | null>(null);
  useEffect(() => {
    const update = (event: Event) => {
      setAnnounced((event as CustomEvent<number>).detail);
      router.refresh();
    };
    window.addEventListener(cartCountEvent, update);
    return () => window.removeEventListener(cartCountEvent, update);
  }, [router]);
  // Once the refreshed widget arrives, its own count is the truth again.
  const [seenInitial, setSeenInitial] = useState(initial);
  if (seenInitial !== initial) {
    setSeenInitial(initial);
    setAnnounced(null);
  }
  const count = announced ?? initial;
  if (count === 0) return null;
  return (
    <span className={className} aria-hidden="true" data-testid="cart-count">
      {count}
    </span>
  );
}
