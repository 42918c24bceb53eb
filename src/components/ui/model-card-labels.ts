import { getLocale, getTranslations } from 'next-intl/server';

import { languageTags, type Locale } from '@/i18n/routing';

import type { ModelCardLabels } from './model-card';

/** The card texts of the request's locale, for `ModelCard` (server or browser). */
export async function getModelCardLabels(): Promise<ModelCardLabels> {
  const [t, social, locale] = await Promise.all([
    getTranslations('catalog.ModelCard'),
    getTranslations('social.Likes'),
    getLocale(),
  ]);
  // Awaited on its own: a fourth translator in the Promise.all above is more than TypeScript can infer.
  const ratings = await getTranslations('ratings.Card');
  return {
    free: t('free'),
    by: t.raw('by') as string,
    discount: t.raw('discount') as string,
    originalPrice: t.raw('originalPrice') as string,
    formats: t('formats'),
    likes: social.raw('cardLikes') as string,
    rating: ratings.raw('rating') as string,
    languageTag: languageTags[locale as Locale],
  };
}
