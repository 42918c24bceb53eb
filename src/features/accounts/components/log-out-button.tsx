'use client';

import { useState } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

/** Ends the session on the server, then goes to `afterHref` (the home page). */
export function LogOutButton({
  label,
  busyLabel,
  afterHref,
  className,
}: {
  label: string;
  busyLabel: string;
  afterHref: string;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  async function logOut() {
    setBusy(true);
    try {
      const response = await postToApi('/api/internal/users/log_out');
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      window.location.assign(afterHref);
    } catch (error) {
      reportClientError('Log out failed', error);
      setBusy(false);
    }
  }
  return (
    <button type="button" className={className} onClick={logOut} disabled={busy || !hydrated}>
      {busy ? busyLabel : label}
    </button>
  );
}
