import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';

import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { env } from '@/env';
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form';
import { SearchBox } from '@/features/search/components/search-box';
import { languageTags, routing } from '@/i18n/routing';
import { siteName } from '@/lib/site';

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
  const [t, messages] = await Promise.all([getTranslations('layout.SkipLink'), getMessages()]);
  // Only what client components translate is sent to the browser.
  const clientMessages = {
    layout: { LocaleSwitcher: messages.layout.LocaleSwitcher, Newsletter: messages.layout.Newsletter },
    errors: { ErrorPage: messages.errors.ErrorPage },
    catalog: { ModelCard: messages.catalog.ModelCard },
    home: { Trending: messages.home.Trending, FeaturedDesigner: messages.home.FeaturedDesigner },
  };
  return (
    <html lang={languageTags[locale]}>
      <body>
        <a className="skip-link" href="#content">
          {t('label')}
        </a>
        <NextIntlClientProvider messages={clientMessages}>
          <SiteHeader locale={locale} search={<SearchBox locale={locale} variant="header" />} />
          <main id="content">{children}</main>
          <SiteFooter locale={locale} newsletter={<NewsletterForm />} />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
