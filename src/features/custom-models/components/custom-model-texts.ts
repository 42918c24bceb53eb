/** The custom-model service's texts, read on the server and handed to its components as props. */
import { getTranslations } from 'next-intl/server';

import { paymentFailureKeys } from '@/features/orders/api';
import { languageTags, type Locale } from '@/i18n/routing';
import { formatPrice } from '@/lib/money';

import { customModelComplexities, customModelStatuses, customModelSteps } from '../custom-model-lifecycle';
import { customModelPriceTable } from '../pricing';
import type { PaymentTexts } from './payment-form';
import type { RequestFormTexts } from './request-form';
import type { PriceTableTexts, RequestTableTexts } from './request-views';

export async function complexityTexts() {
  const t = await getTranslations('customModels.Complexities');
  return Object.fromEntries(
    customModelComplexities.map((key) => [
      key,
      { name: t(`${key}.name`), description: t(`${key}.description`) },
    ]),
  ) as PriceTableTexts['complexities'];
}

export async function priceTableTexts(): Promise<PriceTableTexts> {
  const t = await getTranslations('customModels.Page');
  return {
    caption: t('priceCaption'),
    complexity: t('complexity'),
    price: t('price'),
    turnaround: t('turnaround'),
    whatItIs: t('whatItIs'),
    days: (count) => t('days', { count }),
    complexities: await complexityTexts(),
  };
}

export async function paymentTexts(): Promise<PaymentTexts> {
  const [t, own] = await Promise.all([
    getTranslations('orders.Checkout'),
    getTranslations('customModels.Payment'),
  ]);
  return {
    title: t('title'),
    cardNumber: t('cardNumber'),
    expiry: t('expiry'),
    cvc: t('cvc'),
    paying: t('paying'),
    testCards: t('testCards'),
    testCardsNote: t('testCardsNote'),
    failed: t('failed'),
    conflict: own('conflict'),
    referencesRequired: own('referencesRequired'),
    pay: t.raw('pay') as string,
    failures: Object.fromEntries(paymentFailureKeys.map((k) => [k, t(k)])),
  };
}

const refusalKeys = ['type', 'content', 'too_large', 'empty', 'name', 'limit', 'rate_limited'] as const;

export async function uploadRefusalTexts(): Promise<Record<string, string>> {
  const t = await getTranslations('customModels.Form');
  return Object.fromEntries(refusalKeys.map((k) => [k, t(`refusal_${k}`)]));
}

export async function requestFormTexts(): Promise<RequestFormTexts> {
  const t = await getTranslations('customModels.Form');
  const plain = [
    'title',
    'description',
    'complexity',
    'fileFormats',
    'fileFormatsHint',
    'referenceLinks',
    'linksHint',
    'images',
    'imagesHint',
    'referencesNote',
    'required',
    'title_length',
    'description_length',
    'invalid_choice',
    'links_count',
    'link_invalid',
    'images_type',
    'images_size',
    'images_count',
    'references_required',
    'submit',
    'sending',
    'failed',
    'rateLimited',
    'uploading',
    'uploaded',
    'saved',
    'addImages',
  ] as const;
  return {
    ...(Object.fromEntries(plain.map((k) => [k, t(k)])) as Record<(typeof plain)[number], string>),
    remaining: { one: t.raw('remaining.one') as string, other: t.raw('remaining.other') as string },
    priceLine: t.raw('priceLine') as string,
    complexities: await complexityTexts(),
    prices: Object.fromEntries(
      customModelComplexities.map((k) => [k, formatPrice(customModelPriceTable[k].priceCents)]),
    ) as RequestFormTexts['prices'],
    refusals: await uploadRefusalTexts(),
  };
}

export async function stepTexts() {
  const t = await getTranslations('customModels.Steps');
  return {
    label: t('label'),
    current: t('current'),
    finished: t('finished'),
    steps: Object.fromEntries(
      customModelSteps.map((k) => [k, { title: t(k), description: t(`${k}Text`) }]),
    ) as Record<(typeof customModelSteps)[number], { title: string; description: string }>,
  };
}

export async function statusTexts(): Promise<Record<string, string>> {
  const t = await getTranslations('customModels.Statuses');
  return Object.fromEntries(customModelStatuses.map((k) => [k, t(k)]));
}

export async function requestTableTexts(): Promise<RequestTableTexts> {
  const [t, steps] = await Promise.all([
    getTranslations('customModels.List'),
    getTranslations('customModels.Steps'),
  ]);
  return {
    caption: t('caption'),
    request: t('request'),
    status: t('status'),
    step: t('step'),
    price: t('price'),
    date: t('date'),
    buyer: t('buyer'),
    designer: t('designer'),
    nobody: t('nobody'),
    statuses: await statusTexts(),
    steps: Object.fromEntries(customModelSteps.map((k) => [k, steps(k)])) as RequestTableTexts['steps'],
  };
}

export function dateFormatter(locale: Locale, withTime = false) {
  const format = new Intl.DateTimeFormat(languageTags[locale], {
    dateStyle: 'medium',
    timeStyle: withTime ? 'short' : undefined,
    timeZone: 'UTC',
  });
  return (date: Date) => format.format(date);
}
