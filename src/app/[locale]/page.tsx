import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { ModelGrid } from '@/features/catalog/components/model-grid';
import { getTrendingModels } from '@/features/catalog/server/queries';
import { HomeHero } from '@/features/home/components/home-hero';
import type { Locale } from '@/i18n/routing';

import { languageAlternates } from './_catalog/language-alternates';

export async function generateMetadata({
  params,
}: {
  params: Promise<{ locale: Locale }>;
}): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations('home.HomePage');
  return {
    title: t('metaTitle'),
    description: t('metaDescription'),
    alternates: languageAlternates(locale, () => '/'),
  };
}

export default async function HomePage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, trending] = await Promise.all([getTranslations('home.HomePage'), getTrendingModels(locale, 8)]);
  return (
    <>
      <HomeHero />
      <section className="container" aria-labelledby="trending-heading">
        <h2 id="trending-heading">{t('trending')}</h2>
        <ModelGrid models={trending} headingLevel={3} />
      </section>
    </>
  );
}
