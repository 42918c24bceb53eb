import { env } from '@/env';
import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { siteName } from '@/lib/site';

interface JsonLdModel {
  title: string;
  path: string;
  productType: 'models' | 'print';
  primaryImage: { src: string };
  finalPrice: number;
  designerUsername: string;
}

/** Structured data of the home page: the organisation and the trending products (schema.org). */
export function homeJsonLd(locale: Locale, trending: JsonLdModel[]) {
  const base = env.publicUrl;
  const absolute = (path: string) => new URL(path, base).toString();
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: siteName,
      url: absolute(getPathname({ locale, href: '/' })),
      logo: absolute('/icon.svg'),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      itemListElement: trending.map((model, i) => {
        const pathname =
          model.productType === 'print' ? '/3d-print-models/[...path]' : '/3d-models/[...path]';
        const url = absolute(
          getPathname({ locale, href: { pathname, params: { path: model.path.split('/') } } }),
        );
        return {
          '@type': 'ListItem',
          position: i + 1,
          item: {
            '@type': 'Product',
            name: model.title,
            url,
            image: absolute(model.primaryImage.src),
            brand: { '@type': 'Brand', name: model.designerUsername },
            offers: {
              '@type': 'Offer',
              price: (model.finalPrice / 100).toFixed(2),
              priceCurrency: 'USD',
              availability: 'https://schema.org/InStock',
              url,
            },
          },
        };
      }),
    },
  ];
}
