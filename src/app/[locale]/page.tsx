import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { ModelGrid } from '@/features/catalog/components/model-grid';
import { getTrendingModels } from '@/features/catalog/server/queries';
import { HomeHero } from '@/features/home/components/home-hero';
import type { Locale } from '@/i18n/routing';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('home.HomePage');
  return { title: t('metaTitle'), description: t('metaDescription') };
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
        <ModelGrid models={trending} />
      </section>
    </>
  );
}
