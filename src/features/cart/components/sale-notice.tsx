import type { CartPricing } from '@/features/orders/api';

import { SaleCountdown } from './sale-countdown';

/** Spec §4 cart sale state: applied, or the amount left to reach the threshold; and the time left. */
export function SaleNotice({
  sale,
  now,
  languageTag,
  texts,
  className,
}: {
  sale: CartPricing['sale'];
  now: Date;
  languageTag: string;
  texts: { applied: string; amountLeft: string; endsIn: string };
  className?: string;
}) {
  if (!sale.running) return null;
  return (
    <p className={className} data-testid="sale-state">
      {sale.applied ? texts.applied : texts.amountLeft}
      {sale.endsAt && (
        <>
          {' '}
          {texts.endsIn}{' '}
          <SaleCountdown
            endsAt={sale.endsAt.toISOString()}
            renderedAt={now.toISOString()}
            languageTag={languageTag}
          />
        </>
      )}
    </p>
  );
}
