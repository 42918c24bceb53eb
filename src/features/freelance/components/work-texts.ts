/** Texts and data the application pages hand to the freelance components. */
import { getTranslations } from 'next-intl/server';

import { smallestSource } from '@/features/catalog/api';
import { getModelCardsByIds } from '@/features/catalog/server/api';
import { paymentFailureKeys } from '@/features/orders/api';
import type { Locale } from '@/i18n/routing';
import { formatPrice } from '@/lib/money';

import type { AcceptFormTexts } from './application-accept-form';
import type { PortfolioModel } from './application-card';
import type { ApplicationFormTexts } from './application-form';

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
    failures: Object.fromEntries(paymentFailureKeys.map((k) => [k, checkout(k)])),
  };
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
