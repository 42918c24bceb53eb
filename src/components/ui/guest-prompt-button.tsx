'use client';

import { useState } from 'react';

/**
 * A button for something that needs an account (follow, subscribe to a search, a custom request):
 * until accounts exist (issue 6) every visitor is a guest, and pressing it asks them to log in.
 */
export function GuestPromptButton({
  label,
  logInFirst,
  className,
}: {
  label: string;
  /** What the guest is told, in a polite live region under the button. */
  logInFirst: string;
  className?: string;
}) {
  const [askedToLogIn, setAskedToLogIn] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setAskedToLogIn(true)}>
        {label}
      </button>
      <p role="status" aria-live="polite">
        {askedToLogIn ? logInFirst : ''}
      </p>
    </>
  );
}
