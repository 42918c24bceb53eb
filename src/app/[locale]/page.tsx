import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { LazySection } from '@/components/ui/lazy-section';
import { ModelGrid } from '@/features/catalog/components/model-grid';
import {
  getCategoryTree,
  getDesignerModels,
  getFacetCounts,
  getTrendingModels,
} from '@/features/catalog/server/queries';
import { getDesignerByUsername, getFeaturedDesigner } from '@/features/designers/server/queries';
import { AssetCollection } from '@/features/home/components/asset-collection';
import { BrandStrip } from '@/features/home/components/brand-strip';
import { BusinessPitch } from '@/features/home/components/business-pitch';
import { siteAnchors } from '@/lib/site-anchors';
import { CustomSolutions } from '@/features/home/components/custom-solutions';
import { ExperimentEvents } from '@/features/home/components/experiment-events';
import { FeaturedDesignerCard } from '@/features/home/components/featured-designer-card';
import { FeaturedDesignerSection } from '@/features/home/components/featured-designer-section';
import { HomeHero } from '@/features/home/components/home-hero';
import { homeJsonLd } from '@/features/home/components/home-json-ld';
import { ModelFilters } from '@/features/home/components/model-filters';
import { PromoBanner } from '@/features/home/components/promo-banner';
import { Testimonials } from '@/features/home/components/testimonials';
import { TrendingSection } from '@/features/home/components/trending-section';
import { ValueProposition } from '@/features/home/components/value-proposition';
import {
  browseFormatCounts,
  browseFormatFacets,
  heroArtistUsername,
  heroImages,
  homeExperiments,
  trendingCount,
} from '@/features/home/home-config';
import { getFeaturedDesignerLabels, getTrendingLabels } from '@/features/home/server/labels';
import { SearchBox } from '@/features/search/components/search-box';
import { localizedHref } from '@/i18n/navigation';
import { languageTags } from '@/i18n/routing';
import { siteName } from '@/lib/site';

import { localeOf } from './route-params';
import { languageAlternates } from '@/i18n/language-alternates';

export async function generateMetadata({
  params,
}: {
  params: Promise<{ locale: string }>;
}): Promise<Metadata> {
  const locale = await localeOf(params);
  const t = await getTranslations('home.HomePage');
  const alternates = languageAlternates(locale, () => '/');
  return {
    title: { absolute: `${t('metaTitle')} | ${siteName}` },
    description: t('metaDescription'),
    alternates,
    openGraph: {
      type: 'website',
      siteName,
      title: t('metaTitle'),
      description: t('metaDescription'),
      url: String(alternates?.canonical ?? '/'),
      locale: languageTags[locale].replace('-', '_'),
      images: [
        {
          url: heroImages.desktop.src,
          width: heroImages.desktop.width,
          height: heroImages.desktop.height,
          alt: t('ogImageAlt'),
        },
      ],
    },
    twitter: { card: 'summary_large_image', title: t('metaTitle'), description: t('metaDescription') },
  };
}

export default async function HomePage({ params }: { params: Promise<{ locale: string }> }) {
  const locale = await localeOf(params);
  const [
    t,
    trendingLabels,
    featuredLabels,
    modelCategories,
    printCategories,
    trending,
    facets,
    featured,
    artist,
  ] = await Promise.all([
    getTranslations('home'),
    getTrendingLabels(),
    getFeaturedDesignerLabels(locale),
    getCategoryTree(locale, 'models'),
    getCategoryTree(locale, 'print'),
    getTrendingModels(locale, trendingCount),
    getFacetCounts(browseFormatFacets.formatGroups, browseFormatFacets.features),
    getFeaturedDesigner(),
    getDesignerByUsername(heroArtistUsername),
  ]);
  const featuredProducts = featured ? await getDesignerModels(locale, featured.user.username, 3) : [];
  const featuredCard = featured && {
    id: featured.id,
    user: {
      ...featured.user,
      avatar: featured.designer.avatar,
      rating: featured.designer.rating,
      totalModels: featured.designer.totalModels,
    },
    keywords: featured.keywords,
  };

  return (
    <>
      <script
        type="application/ld+json"
        // JSON-LD is data, not script; `<` is escaped so no text can close the element.
        dangerouslySetInnerHTML={{
          __html: JSON.stringify(homeJsonLd(locale, trending)).replace(/</g, '\\u003c'),
        }}
      />
      <ExperimentEvents experiments={homeExperiments} />
      <HomeHero
        locale={locale}
        search={<SearchBox locale={locale} variant="hero" />}
        artistUsername={artist?.username ?? null}
      />
      <AssetCollection locale={locale} collectionType="asset-category" categories={modelCategories} />
      <LazySection minHeight="900px">
        <AssetCollection locale={locale} collectionType="print-models-3d" categories={printCategories} />
      </LazySection>
      <TrendingSection
        locale={locale}
        title={<h2 id="trending-title">{t('Trending.title')}</h2>}
        browseAll={
          <a href={localizedHref(locale, '/3d-models', { page: 1, sort: 'trending' })}>
            {t('Trending.browseAll')}
          </a>
        }
        fallback={<ModelGrid models={trending} headingLevel={3} eagerCount={0} />}
        labels={trendingLabels}
      />
      <LazySection minHeight="640px">
        <ModelFilters
          locale={locale}
          categories={modelCategories}
          counts={{ free: facets.free, sale: facets.sale, formats: browseFormatCounts(facets) }}
        />
      </LazySection>
      <LazySection minHeight="640px">
        <BusinessPitch locale={locale} />
      </LazySection>
      <LazySection minHeight="900px" id={siteAnchors.customSolutions}>
        <CustomSolutions />
      </LazySection>
      {featuredCard && (
        <FeaturedDesignerSection
          locale={locale}
          title={<h2 id="featured-designer-title">{t('FeaturedDesigner.title')}</h2>}
          fallback={
            <FeaturedDesignerCard
              designer={featuredCard}
              products={featuredProducts}
              labels={featuredLabels}
            />
          }
          labels={featuredLabels}
        />
      )}
      <LazySection minHeight="420px">
        <ValueProposition />
      </LazySection>
      <LazySection minHeight="300px">
        <PromoBanner locale={locale} />
      </LazySection>
      <LazySection minHeight="600px">
        <Testimonials />
      </LazySection>
      <LazySection minHeight="200px">
        <BrandStrip />
      </LazySection>
    </>
  );
}
