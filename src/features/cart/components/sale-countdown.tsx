'use client';

import { useEffect, useState } from 'react';

function remaining(endsAt: number, now: number): string {
  const seconds = Math.max(0, Math.floor((endsAt - now) / 1000));
  const days = Math.floor(seconds / 86_400);
  const clock = [Math.floor((seconds % 86_400) / 3600), Math.floor((seconds % 3600) / 60), seconds % 60]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
  return days > 0 ? `${days}d ${clock}` : clock;
}

/** Time left until the sale ends, ticking every second (rendered on the server with its start value). */
export function SaleCountdown({ endsAt, renderedAt }: { endsAt: string; renderedAt: string }) {
  const end = Date.parse(endsAt);
  const [now, setNow] = useState(() => Date.parse(renderedAt));
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time dateTime={endsAt} suppressHydrationWarning>
      {remaining(end, now)}
    </time>
  );
}
