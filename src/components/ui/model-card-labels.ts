import { getTranslations } from 'next-intl/server';

import type { ModelCardLabels } from './model-card';

/** The card texts of the request's locale, for `ModelCard` (server or browser). */
export async function getModelCardLabels(): Promise<ModelCardLabels> {
  const t = await getTranslations('catalog.ModelCard');
  return {
    free: t('free'),
    by: t.raw('by') as string,
    discount: t.raw('discount') as string,
    originalPrice: t.raw('originalPrice') as string,
    formats: t('formats'),
  };
}
