'use client';

import { useState } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

/** Removes a line, then reloads the cart page (its prices depend on every line). */
export function RemoveFromCart({
  modelId,
  label,
  busyLabel,
}: {
  modelId: number;
  label: string;
  busyLabel: string;
}) {
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  async function remove() {
    setBusy(true);
    try {
      const response = await postToApi('/api/internal/cart/items/remove', { json: { modelId } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      window.location.reload();
    } catch (error) {
      reportClientError('Remove from cart failed', error);
      setBusy(false);
    }
  }
  return (
    <button type="button" className="button button-secondary" onClick={remove} disabled={busy || !hydrated}>
      {busy ? busyLabel : label}
    </button>
  );
}
