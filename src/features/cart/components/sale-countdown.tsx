'use client';

import { useEffect, useState } from 'react';

import { formatCountdown } from '@/lib/countdown';

/** Time left until the sale ends, ticking every second (rendered on the server with its start value). */
export function SaleCountdown({
  endsAt,
  renderedAt,
  languageTag,
}: {
  endsAt: string;
  renderedAt: string;
  languageTag: string;
}) {
  const end = Date.parse(endsAt);
  const [now, setNow] = useState(() => Date.parse(renderedAt));
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time dateTime={endsAt} suppressHydrationWarning data-testid="sale-countdown">
      {formatCountdown(end - now, languageTag)}
    </time>
  );
}
