'use client';

import { useState } from 'react';

/**
 * Spec §4 "search subscription": subscribing needs an account, and a guest is asked to log in first.
 * Accounts come with the accounts issue, which adds the subscribing and subscribed states and stores
 * the subscription (decision 0015); until then every visitor is a guest.
 */
export function SubscribeSearchButton({
  labels,
  className,
}: {
  labels: { subscribe: string; logInFirst: string };
  className?: string;
}) {
  const [askedToLogIn, setAskedToLogIn] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setAskedToLogIn(true)}>
        {labels.subscribe}
      </button>
      <p role="status" aria-live="polite">
        {askedToLogIn ? labels.logInFirst : ''}
      </p>
    </>
  );
}
