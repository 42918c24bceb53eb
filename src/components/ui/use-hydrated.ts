'use client';

import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => {};

/**
 * False in the server HTML and until React has hydrated, then true. Forms that submit through
 * JavaScript keep their submit button disabled until then: a click before hydration would otherwise
 * submit the form natively, as a GET with every field (a password, a card number) in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
