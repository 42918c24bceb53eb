/** The cart's prices (spec §3 "Cart", §4 "Cart sale state", §5, §9): pure, the clock is a parameter. */

export interface PricingLine {
  modelId: number;
  priceCents: number;
  saleDiscountCents: number;
  saleEndsAt: Date | null;
  walletEligible: boolean;
  /**
   * The price of a live offer the buyer accepted for this model (decision 0037): it replaces the list
   * price, and no sale discount applies on top of it.
   */
  offerCents?: number | null;
}

export interface PricingRules {
  saleThresholdCents: number;
  creditsMinCartCents: number;
}

/** Credits pay at most this share of each model's price (spec §9). */
export const creditsSharePercent = 30;
/** A sale discount never exceeds this share of the price. */
export const saleDiscountCapPercent = 50;

export interface PricingInput {
  lines: PricingLine[];
  now: Date;
  rules: PricingRules;
  /** An enterprise coupon: a promotion. */
  coupon: { code: string; percentOff: number } | null;
  creditsBalanceCents: number;
  useCredits: boolean;
}

export type CreditsBlockedReason =
  'below_minimum' | 'sale' | 'promotion' | 'no_eligible_models' | 'no_balance';

export interface PricedLine {
  modelId: number;
  priceCents: number;
  saleDiscountCents: number;
  couponDiscountCents: number;
  creditsCents: number;
  finalCents: number;
  walletEligible: boolean;
  /** The line has a live sale, whether or not the threshold lets its discount apply. */
  onSale: boolean;
  /** The model's list price; `priceCents` is the offered price when `offerApplied`. */
  listPriceCents: number;
  offerApplied: boolean;
}

export interface CartPricing {
  lines: PricedLine[];
  subtotalCents: number;
  saleDiscountCents: number;
  couponDiscountCents: number;
  creditsCents: number;
  totalCents: number;
  sale: { running: boolean; applied: boolean; amountLeftCents: number; endsAt: Date | null };
  credits: { usableCents: number; blockedBy: CreditsBlockedReason | null };
}

function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent) / 100);
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function saleIsLive(line: PricingLine, now: Date): boolean {
  return (
    line.saleDiscountCents > 0 && (line.saleEndsAt === null || line.saleEndsAt.getTime() > now.getTime())
  );
}

function hasOffer(line: PricingLine): boolean {
  return typeof line.offerCents === 'number' && line.offerCents >= 0;
}

/** A line at the price the buyer pays before discounts: the offered price replaces the list price and its sale. */
function effectiveLine(line: PricingLine): PricingLine & { listPriceCents: number; offerApplied: boolean } {
  if (!hasOffer(line)) return { ...line, listPriceCents: line.priceCents, offerApplied: false };
  return {
    ...line,
    priceCents: line.offerCents!,
    saleDiscountCents: 0,
    saleEndsAt: null,
    listPriceCents: line.priceCents,
    offerApplied: true,
  };
}

export function priceCart(input: PricingInput): CartPricing {
  const { now, rules, coupon } = input;
  const lines = input.lines.map(effectiveLine);
  const subtotalCents = sum(lines.map((line) => line.priceCents));
  const liveSales = lines.filter((line) => saleIsLive(line, now));
  const running = liveSales.length > 0;
  const applied = running && subtotalCents >= rules.saleThresholdCents;
  const ends = liveSales.flatMap((line) => (line.saleEndsAt === null ? [] : [line.saleEndsAt.getTime()]));
  const percentOff = coupon === null ? 0 : Math.min(100, Math.max(0, Math.floor(coupon.percentOff)));

  const discounted = lines.map((line) => {
    const onSale = saleIsLive(line, now);
    const saleCents =
      applied && onSale
        ? Math.max(0, Math.min(line.saleDiscountCents, percentOf(line.priceCents, saleDiscountCapPercent)))
        : 0;
    const couponCents = Math.max(0, percentOf(line.priceCents - saleCents, percentOff));
    const creditsCapCents = line.walletEligible
      ? Math.max(0, percentOf(line.priceCents, creditsSharePercent))
      : 0;
    return { line, onSale, saleCents, couponCents, creditsCapCents };
  });
  const saleDiscountCents = sum(discounted.map((d) => d.saleCents));
  const couponDiscountCents = sum(discounted.map((d) => d.couponCents));

  let blockedBy: CreditsBlockedReason | null = null;
  if (applied) blockedBy = 'sale';
  else if (coupon !== null) blockedBy = 'promotion';
  else if (!lines.some((line) => line.walletEligible)) blockedBy = 'no_eligible_models';
  else if (subtotalCents - saleDiscountCents - couponDiscountCents < rules.creditsMinCartCents)
    blockedBy = 'below_minimum';
  else if (input.creditsBalanceCents <= 0) blockedBy = 'no_balance';
  const usableCents =
    blockedBy === null
      ? Math.min(input.creditsBalanceCents, sum(discounted.map((d) => d.creditsCapCents)))
      : 0;

  let creditsLeft = input.useCredits ? usableCents : 0;
  const priced = discounted.map(({ line, onSale, saleCents, couponCents, creditsCapCents }): PricedLine => {
    const creditsCents = Math.min(creditsLeft, creditsCapCents);
    creditsLeft -= creditsCents;
    return {
      modelId: line.modelId,
      priceCents: line.priceCents,
      saleDiscountCents: saleCents,
      couponDiscountCents: couponCents,
      creditsCents,
      finalCents: Math.max(0, line.priceCents - saleCents - couponCents - creditsCents),
      walletEligible: line.walletEligible,
      onSale,
      listPriceCents: line.listPriceCents,
      offerApplied: line.offerApplied,
    };
  });

  return {
    lines: priced,
    subtotalCents,
    saleDiscountCents,
    couponDiscountCents,
    creditsCents: sum(priced.map((line) => line.creditsCents)),
    totalCents: sum(priced.map((line) => line.finalCents)),
    sale: {
      running,
      applied,
      amountLeftCents: running ? Math.max(0, rules.saleThresholdCents - subtotalCents) : 0,
      endsAt: ends.length > 0 ? new Date(Math.min(...ends)) : null,
    },
    credits: { usableCents, blockedBy },
  };
}
