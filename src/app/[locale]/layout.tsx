import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';

import { ChunkRetry } from '@/components/layout/chunk-retry';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { NumberWheelGuard } from '@/components/ui/number-wheel-guard';
import { env } from '@/env';
import { HeaderLogOut } from '@/features/accounts/components/header-log-out';
import { CartHeaderWidget } from '@/features/cart/components/cart-header-widget';
import { ConversationsHeaderWidget } from '@/features/conversations/components/conversations-header-widget';
import { NewsletterForm, type NewsletterLabels } from '@/features/newsletter/components/newsletter-form';
import { PointsWidget } from '@/features/points/components/points-widget';
import { getPointsAccount } from '@/features/points/server/queries';
import { SearchBox } from '@/features/search/components/search-box';
import { getPathname } from '@/i18n/navigation';
import { type Locale, languageTags, routing } from '@/i18n/routing';
import { siteName } from '@/lib/site';
import type { Visitor } from '@/server/auth/session';
import { currentVisitor } from '@/server/auth/visitor';

import '../globals.css';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return {
    metadataBase: new URL(env.publicUrl),
    title: { default: siteName, template: `%s | ${siteName}` },
    applicationName: siteName,
  };
}

export const viewport: Viewport = { themeColor: '#2b50d8', width: 'device-width', initialScale: 1 };

const newsletterKeys = [
  'title',
  'description',
  'emailLabel',
  'emailPlaceholder',
  'subscribe',
  'subscribing',
  'subscribed',
  'success',
  'invalidEmail',
  'failed',
] as const;

/**
 * Every page's shell. Client components get their texts as props from here and the pages (no
 * translator in the browser: decision 0007); the error page reads `error-page-texts`.
 */
export default async function LocaleLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const visitor = await currentVisitor();
  const [t, tNewsletter, tError] = await Promise.all([
    getTranslations('layout.SkipLink'),
    getTranslations('layout.Newsletter'),
    getTranslations('errors.ErrorPage'),
  ]);
  const newsletterLabels = Object.fromEntries(
    newsletterKeys.map((k) => [k, tNewsletter(k)]),
  ) as NewsletterLabels;
  const errorTexts = {
    title: tError('title'),
    description: tError('description'),
    retry: tError('retry'),
    backHome: tError('backHome'),
    homeHref: getPathname({ locale, href: '/' }),
  };
  return (
    <html lang={languageTags[locale]}>
      <body>
        <ChunkRetry />
        <NumberWheelGuard />
        <a className="skip-link" href="#content">
          {t('label')}
        </a>
        <SiteHeader
          locale={locale}
          search={<SearchBox locale={locale} variant="header" />}
          user={visitor?.user ?? null}
          widgets={<HeaderWidgets locale={locale} visitor={visitor} />}
          logOut={<HeaderLogOut locale={locale} />}
        />
        <main id="content">{children}</main>
        <SiteFooter
          locale={locale}
          newsletter={<NewsletterForm locale={locale} labels={newsletterLabels} />}
        />
        <script
          type="application/json"
          id="error-page-texts"
          dangerouslySetInnerHTML={{ __html: JSON.stringify(errorTexts).replace(/</g, '\\u003c') }}
        />
      </body>
    </html>
  );
}

/**
 * The header's widgets for a visitor: the cart (guests too); once signed in, the conversations and the
 * credits, whose balance the cart is priced with.
 */
async function HeaderWidgets({ locale, visitor }: { locale: Locale; visitor: Visitor | null }) {
  const user = visitor?.user ?? null;
  const points = user ? await getPointsAccount(user.id) : null;
  return (
    <>
      {user && <ConversationsHeaderWidget locale={locale} user={user} />}
      {points && <PointsWidget locale={locale} balanceCents={points.balanceCents} />}
      <CartHeaderWidget locale={locale} visitor={visitor} creditsBalanceCents={points?.balanceCents ?? 0} />
    </>
  );
}
