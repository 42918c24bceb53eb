import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';

import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { env } from '@/env';
import { languageTags, routing } from '@/i18n/routing';

import '../globals.css';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { metadataBase: new URL(env.publicUrl) };
}

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
    layout: { LocaleSwitcher: messages.layout.LocaleSwitcher },
    errors: { ErrorPage: messages.errors.ErrorPage },
  };
  return (
    <html lang={languageTags[locale]}>
      <body>
        <a className="skip-link" href="#content">
          {t('label')}
        </a>
        <NextIntlClientProvider messages={clientMessages}>
          <SiteHeader />
          <main id="content">{children}</main>
          <SiteFooter />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
