/**
 * The saved-search digest (decision 0033): one email per user and run, a section per saved search with
 * new models (title and link), the listing's link, and signed links to unsubscribe from that search or
 * from all of them (also in the List-Unsubscribe header, with RFC 8058's one-click POST).
 */
import { createTranslator } from 'next-intl';

import { env } from '@/env';
import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { emailMessages, localeOrEnglish } from '@/server/mail/email-messages';
import type { OutgoingEmail } from '@/server/mail/outbox';

import { describeSearch, type Translate } from '../describe';
import type { ListingFilters, ProductType } from '@/features/catalog/api';

export interface DigestSection {
  productType: ProductType | null;
  categoryTitle: string | null;
  filters: ListingFilters;
  /** Path and query of the listing. */
  listingHref: string;
  models: { title: string; url: string }[];
  /** All the new models, of which `models` are the first. */
  total: number;
  unsubscribeToken: string;
}

export interface DigestInput {
  to: string;
  username: string;
  locale: string;
  sections: DigestSection[];
  unsubscribeAllToken: string;
}

const absolute = (path: string) => new URL(path, env.publicUrl).href;

/** The page that asks before removing (links in the text). */
export function unsubscribePageUrl(locale: Locale, token: string): string {
  return absolute(`${getPathname({ locale, href: '/saved-searches/unsubscribe' })}?token=${token}`);
}

/** RFC 8058's one-click endpoint (the List-Unsubscribe header): a POST removes at once. */
export function oneClickUnsubscribeUrl(token: string): string {
  return absolute(`/api/saved-searches/unsubscribe?token=${token}`);
}

export async function writeDigestEmail(input: DigestInput): Promise<OutgoingEmail> {
  const locale = localeOrEnglish(input.locale);
  const translator = createTranslator({ locale, messages: await emailMessages(locale) });
  const t: Translate = (key, values) => translator(key as never, values as never);
  const total = input.sections.reduce((sum, section) => sum + section.total, 0);
  const blocks = input.sections.map((section) => {
    const words = describeSearch(t, locale, section);
    const lines = [words.title, ...words.details.map((detail) => `(${detail})`)];
    lines.push('');
    for (const model of section.models) lines.push(`- ${model.title}`, `  ${absolute(model.url)}`);
    if (section.total > section.models.length)
      lines.push(t('savedSearches.Digest.more', { count: section.total - section.models.length }));
    lines.push(
      '',
      `${t('savedSearches.Digest.seeAll')} ${absolute(section.listingHref)}`,
      `${t('savedSearches.Digest.unsubscribeOne')} ${unsubscribePageUrl(locale, section.unsubscribeToken)}`,
    );
    return lines.join('\n');
  });
  const text = [
    t('savedSearches.Digest.greeting', { username: input.username }),
    '',
    t('savedSearches.Digest.intro', { count: total }),
    '',
    blocks.join('\n\n----\n\n'),
    '',
    '----',
    `${t('savedSearches.Digest.manage')} ${absolute(getPathname({ locale, href: '/account/saved-searches' }))}`,
    `${t('savedSearches.Digest.unsubscribeAll')} ${unsubscribePageUrl(locale, input.unsubscribeAllToken)}`,
  ].join('\n');
  return {
    to: input.to,
    subject: t('savedSearches.Digest.subject', { count: total }),
    text,
    headers: {
      'List-Unsubscribe': `<${oneClickUnsubscribeUrl(input.unsubscribeAllToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
