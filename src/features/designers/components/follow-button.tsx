'use client';

import { useState } from 'react';

/**
 * Following a designer needs an account, and a guest is asked to log in first. The accounts issue
 * stores follows and adds the following state; until then every visitor is a guest.
 */
export function FollowButton({
  labels,
  className,
}: {
  labels: { follow: string; logInFirst: string };
  className?: string;
}) {
  const [askedToLogIn, setAskedToLogIn] = useState(false);
  return (
    <div className={className}>
      <button type="button" className="button" onClick={() => setAskedToLogIn(true)}>
        {labels.follow}
      </button>
      <p role="status" aria-live="polite">
        {askedToLogIn ? labels.logInFirst : ''}
      </p>
    </div>
  );
}
