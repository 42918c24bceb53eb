'use client';

import { useState } from 'react';

/**
 * A custom 3D project request needs an account (accounts issue) and the jobs board (freelance issue);
 * until then a guest is asked to log in.
 */
export function CustomRequestButton({
  labels,
  className,
}: {
  labels: { request: string; logInFirst: string };
  className?: string;
}) {
  const [askedToLogIn, setAskedToLogIn] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setAskedToLogIn(true)}>
        {labels.request}
      </button>
      <p role="status" aria-live="polite">
        {askedToLogIn ? labels.logInFirst : ''}
      </p>
    </>
  );
}
