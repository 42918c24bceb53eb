/** Texts of the home page's client sections, translated here (decision 0007: no translator in the browser). */
import { getTranslations } from 'next-intl/server';

import { getModelCardLabels } from '@/components/ui/model-card-labels';
import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

import type { FeaturedDesignerLabels } from '../components/featured-designer-card';
import type { TrendingLabels } from '../components/trending-section';

export async function getTrendingLabels(): Promise<TrendingLabels> {
  const [t, card] = await Promise.all([getTranslations('home.Trending'), getModelCardLabels()]);
  return {
    loading: t('loading'),
    carousel: t('carousel'),
    previous: t('previous'),
    next: t('next'),
    slide: t.raw('slide') as string,
    goTo: t.raw('goTo') as string,
    card,
  };
}

export async function getFeaturedDesignerLabels(
  locale: Locale,
): Promise<FeaturedDesignerLabels & { loading: string }> {
  const [t, card] = await Promise.all([getTranslations('home.FeaturedDesigner'), getModelCardLabels()]);
  return {
    loading: t('loading'),
    rating: t.raw('rating') as string,
    totalModels: t.raw('totalModels') as string,
    keywords: t('keywords'),
    browse: t.raw('browse') as string,
    profile: t.raw('profile') as string,
    card,
    paths: {
      designers: getPathname({ locale, href: '/designers' }),
      search: getPathname({ locale, href: '/search' }),
      models: getPathname({ locale, href: '/3d-models' }),
    },
  };
}
