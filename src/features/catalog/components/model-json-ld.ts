import { siteName } from '@/lib/site';

import type { ModelDetailDto } from '../schemas';

/** Structured data of a model page: a schema.org Product with its offer (prices exclude VAT). */
export function modelJsonLd(model: ModelDetailDto, pageUrl: string) {
  const absolute = (path: string) => new URL(path, pageUrl).toString();
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: model.title,
    description: model.description || undefined,
    url: pageUrl,
    sku: String(model.id),
    image: model.images.map((image) => absolute(image.src)),
    category: model.categoryTitle || undefined,
    keywords: model.tags.join(', ') || undefined,
    brand: { '@type': 'Brand', name: model.designerUsername },
    aggregateRating:
      model.ratingCount > 0
        ? { '@type': 'AggregateRating', ratingValue: model.ratingAverage, ratingCount: model.ratingCount }
        : undefined,
    offers: {
      '@type': 'Offer',
      price: (model.finalPrice / 100).toFixed(2),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: pageUrl,
      seller: { '@type': 'Organization', name: siteName },
      ...(model.saleEndsAt && model.percentage > 0 ? { priceValidUntil: model.saleEndsAt.slice(0, 10) } : {}),
    },
  };
}
