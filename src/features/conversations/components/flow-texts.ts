/** The texts of the conversation flows' forms (decision 0037), in the reader's language. */
import { getTranslations } from 'next-intl/server';

import type { MakeOfferLabels } from './make-offer';
import type { OfferPanelLabels } from './offer-panel';
import type { RequestFormLabels } from './request-form';

/** What every first-message form shares: the message field's counter and refusals. */
async function messageTexts() {
  const t = await getTranslations('conversations.Start');
  return {
    remainingOne: t.raw('remainingOne') as string,
    remainingOther: t.raw('remainingOther') as string,
    sending: t('sending'),
    cancel: t('cancel'),
    failed: t('failed'),
    rateLimited: t('rateLimited'),
    errors: { message_required: t('required'), message_too_long: t.raw('tooLong') as string },
  };
}

export async function offerPanelLabels(): Promise<OfferPanelLabels> {
  const t = await getTranslations('conversationFlows.Offers');
  const keys = [
    'heading',
    'offeredPrice',
    'listPrice',
    'accept',
    'accepting',
    'accepted',
    'goToCart',
    'failed',
    'refusal_expired',
    'refusal_withdrawn',
    'refusal_ordered',
    'refusal_purchased',
    'refusal_cart_full',
  ] as const;
  return Object.fromEntries(keys.map((key) => [key, t(key)])) as OfferPanelLabels;
}

export async function makeOfferLabels(buyer: string): Promise<MakeOfferLabels> {
  const t = await getTranslations('conversationFlows.MakeOffer');
  const plain = [
    'open',
    'model',
    'chooseModel',
    'price',
    'note',
    'send',
    'sending',
    'cancel',
    'failed',
    'rateLimited',
    'model_required',
    'model_unknown',
    'price_required',
    'price_invalid',
    'note_too_long',
  ] as const;
  // Filled in the browser with the chosen model's price: templates.
  const templates = ['priceHint', 'price_too_low', 'price_too_high'] as const;
  return {
    ...Object.fromEntries(plain.map((key) => [key, t(key)])),
    ...Object.fromEntries(templates.map((key) => [key, t.raw(key) as string])),
    formLabel: t('formLabel', { buyer }),
    buyer_purchased: t('buyer_purchased', { buyer }),
    buyer_accepted: t('buyer_accepted', { buyer }),
  } as MakeOfferLabels;
}

export async function conversionRequestLabels(
  designer: string,
  formats: string[],
): Promise<RequestFormLabels> {
  const [t, shared] = await Promise.all([getTranslations('conversationFlows.Conversion'), messageTexts()]);
  return {
    ...shared,
    formLabel: t('formLabel', { designer }),
    message: t('message'),
    send: t('send'),
    choice: {
      label: t('format'),
      placeholder: t('chooseFormat'),
      options: formats.map((format) => ({ value: format, label: format.toUpperCase() })),
    },
    errors: {
      ...shared.errors,
      choice_required: t('choice_required'),
      choice_unavailable: t('choice_unavailable'),
      recipient_self: t('recipient_self'),
    },
  };
}

export async function feedbackLabels(title: string): Promise<RequestFormLabels> {
  const [t, shared] = await Promise.all([getTranslations('conversationFlows.Feedback'), messageTexts()]);
  return {
    ...shared,
    open: t('open'),
    formLabel: t('formLabel', { title }),
    message: t('message'),
    send: t('send'),
    errors: { ...shared.errors, recipient_self: t('recipient_self') },
  };
}

export async function supportFormLabels(): Promise<RequestFormLabels> {
  const [t, shared] = await Promise.all([getTranslations('conversationFlows.Support'), messageTexts()]);
  return {
    ...shared,
    formLabel: t('formLabel'),
    subject: t('subject'),
    message: t('message'),
    send: t('send'),
    errors: {
      ...shared.errors,
      subject_required: t('subject_required'),
      subject_too_long: t.raw('subject_too_long') as string,
    },
  };
}
