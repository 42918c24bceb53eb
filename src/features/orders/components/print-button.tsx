'use client';

import { useHydrated } from '@/components/ui/use-hydrated';

/** Prints the page (the certificate); disabled until React has hydrated, when the click would do nothing. */
export function PrintButton({ label, className }: { label: string; className?: string }) {
  const hydrated = useHydrated();
  return (
    <button type="button" className={className} onClick={() => window.print()} disabled={!hydrated}>
      {label}
    </button>
  );
}
