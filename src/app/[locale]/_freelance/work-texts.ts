/** Texts and data the application pages hand to the freelance components. */
import { getTranslations } from 'next-intl/server';

import type { AcceptFormTexts } from '@/features/freelance/components/application-accept-form';
import type { PortfolioModel } from '@/features/freelance/components/application-card';
import type { ApplicationFormTexts } from '@/features/freelance/components/application-form';
import { getModelCardsByIds } from '@/features/catalog/server/queries';
import { smallestSource } from '@/features/catalog/schemas';
import { getTestCards } from '@/features/orders/server/queries';
import type { Locale } from '@/i18n/routing';
import { formatPrice } from '@/lib/money';

const formKeys = [
  'proposal',
  'proposalHint',
  'price',
  'priceHint',
  'deliveryDays',
  'deliveryDaysHint',
  'portfolio',
  'portfolioHint',
  'noModels',
  'saving',
  'saved',
  'failed',
  'conflict',
  'rate_limited',
  'required',
  'proposal_short',
  'proposal_long',
  'price_format',
  'price_range',
  'days_format',
  'days_range',
  'portfolio_count',
  'invalid_choice',
] as const;

export async function applicationFormTexts(submit: string): Promise<ApplicationFormTexts> {
  const t = await getTranslations('freelance.Applications');
  return {
    ...(Object.fromEntries(formKeys.map((k) => [k, t(k)])) as Record<(typeof formKeys)[number], string>),
    charsLeftOne: t.raw('charsLeftOne') as string,
    charsLeftOther: t.raw('charsLeftOther') as string,
    submit,
  };
}

const failureKeys = [
  'declined_card_declined',
  'declined_insufficient_funds',
  'declined_expired_card',
  'declined_incorrect_cvc',
  'declined_incorrect_number',
  'failed_processing_error',
  'failed_provider_unavailable',
] as const;

export async function acceptFormTexts(priceCents: number): Promise<AcceptFormTexts> {
  const [t, checkout] = await Promise.all([
    getTranslations('freelance.Applications'),
    getTranslations('orders.Checkout'),
  ]);
  return {
    title: t('acceptTitle'),
    note: t('acceptNote'),
    cardNumber: checkout('cardNumber'),
    expiry: checkout('expiry'),
    cvc: checkout('cvc'),
    pay: t('acceptAndPay', { amount: formatPrice(priceCents) }),
    paying: checkout('paying'),
    testCards: checkout('testCards'),
    testCardsNote: checkout('testCardsNote'),
    conflict: t('acceptConflict'),
    failed: checkout('failed'),
    failures: Object.fromEntries(failureKeys.map((k) => [k, checkout(k)])),
  };
}

export async function testCardList(): Promise<{ number: string; outcome: string }[] | null> {
  const checkout = await getTranslations('orders.Checkout');
  return (
    getTestCards()?.map((c) => ({
      number: c.number,
      outcome: checkout(`outcome_${c.outcome as 'succeeded'}`),
    })) ?? null
  );
}

/** The portfolio models' titles, pages and thumbnails (published ones only). */
export async function portfolioModels(locale: Locale, ids: number[]): Promise<Map<number, PortfolioModel>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const cards = await getModelCardsByIds(locale, unique);
  return new Map(
    cards.map((c) => [c.id, { title: c.title, url: c.url, image: smallestSource(c.primaryImage) }]),
  );
}
