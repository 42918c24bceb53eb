/**
 * The route parameters every localized page reads. Kept apart from the catalogue routes so that a page
 * importing them does not pull the catalogue's client components into its own bundle.
 */
import { notFound } from 'next/navigation';
import { hasLocale, type Locale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';

import { pageParamSchema } from '@/features/catalog/schemas';
import { routing } from '@/i18n/routing';

export async function localeOf(params: Promise<{ locale: string }>): Promise<Locale> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return locale;
}

export function pageOf(searchParams: Record<string, string | string[] | undefined>): number {
  const raw = searchParams.page;
  return pageParamSchema.parse(Array.isArray(raw) ? raw[0] : raw);
}
