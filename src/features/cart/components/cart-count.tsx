'use client';

import { useEffect, useState } from 'react';

import { cartCountEvent } from './cart-events';

/** The number on the header's cart icon; follows adds made on the page without a reload. */
export function CartCount({ initial, className }: { initial: number; className?: string }) {
  const [count, setCount] = useState(initial);
  useEffect(() => {
    const update = (event: Event) => setCount((event as CustomEvent<number>).detail);
    window.addEventListener(cartCountEvent, update);
    return () => window.removeEventListener(cartCountEvent, update);
  }, []);
  if (count === 0) return null;
  return (
    <span className={className} aria-hidden="true" data-testid="cart-count">
      {count}
    </span>
  );
}
