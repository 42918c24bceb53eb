/**
 * The one table of locales and localized URLs (spec §1–§2). English is unprefixed; every other locale
 * is prefixed with its spec key (`/de`, `/jp`, `/zh-CN` …) and has translated route segments.
 */
import { defineRouting } from 'next-intl/routing';

export const locales = ['en', 'de', 'es', 'fr', 'jp', 'pt', 'ru', 'zh-CN'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/** BCP 47 tag of a locale key, for `<html lang>`, hreflang and Intl formatters ('jp' is Japanese: 'ja'). */
export const languageTags: Record<Locale, string> = {
  en: 'en',
  de: 'de',
  es: 'es',
  fr: 'fr',
  jp: 'ja',
  pt: 'pt',
  ru: 'ru',
  'zh-CN': 'zh-CN',
};

const modelsListing = {
  en: '/3d-models',
  de: '/3d-modelle',
  es: '/3d-modelos',
  fr: '/3d-modeles',
  jp: '/3d-models',
  pt: '/3d-modelos',
  ru: '/3d-modeli',
  'zh-CN': '/3d-models',
} as const satisfies Record<Locale, string>;

const printModelsListing = {
  en: '/3d-print-models',
  de: '/3d-druck-modelle',
  es: '/3d-de-impresion-modelos',
  fr: '/3d-imprimer-modeles',
  jp: '/3d-print-models',
  pt: '/3d-impressao-modelos',
  ru: '/3d-modeli-dlya-pechati',
  'zh-CN': '/3d-print-models',
} as const satisfies Record<Locale, string>;

/** Spec §2 gives es, fr and ru; de and pt follow their listing slugs (decision 0002). */
const freeModelsListing = {
  en: '/free-3d-models',
  de: '/kostenlose-3d-modelle',
  es: '/gratis-3d-modelos',
  fr: '/libre-3d-modeles',
  jp: '/free-3d-models',
  pt: '/gratis-3d-modelos',
  ru: '/besplatnye-3d-modeli',
  'zh-CN': '/free-3d-models',
} as const satisfies Record<Locale, string>;

/** Issue 7: the jobs board's path in every locale; its sub-pages keep English segments (decision 0023). */
const jobsBoard = {
  en: '/3d-modeling-jobs',
  de: '/3d-modellierung-jobs',
  es: '/trabajos-de-modelado-3d',
  fr: '/emplois-modelisation-3d',
  jp: '/3d-modeling-jobs',
  pt: '/trabalhos-de-modelagem-3d',
  ru: '/rabota-3d-modelirovanie',
  'zh-CN': '/3d-modeling-jobs',
} as const satisfies Record<Locale, string>;

/** Issue 25: the community ratings page (the best-rated models of the month). */
const communityRatings = {
  en: '/community-ratings',
  de: '/community-bewertungen',
  es: '/valoraciones-de-la-comunidad',
  fr: '/notes-de-la-communaute',
  jp: '/community-ratings',
  pt: '/avaliacoes-da-comunidade',
  ru: '/otsenki-soobshchestva',
  'zh-CN': '/community-ratings',
} as const satisfies Record<Locale, string>;

/** Issue 25: the forum's path in every locale; its sub-pages keep English segments (decision 0043). */
const forum = {
  en: '/forum',
  de: '/forum',
  es: '/foro',
  fr: '/forum',
  jp: '/forum',
  pt: '/forum',
  ru: '/forum',
  'zh-CN': '/forum',
} as const satisfies Record<Locale, string>;

/** Issue 25: the printlists index, localized like the other listings; a list's page keeps its id. */
const printlistsIndex = {
  en: '/printlists',
  de: '/drucklisten',
  es: '/listas-de-impresion',
  fr: '/listes-d-impression',
  jp: '/printlists',
  pt: '/listas-de-impressao',
  ru: '/spiski-dlya-pechati',
  'zh-CN': '/printlists',
} as const satisfies Record<Locale, string>;

/** Issue 25: the challenges and the digital art contest, localized like the other community listings. */
const challengesListing = {
  en: '/challenges',
  de: '/wettbewerbe',
  es: '/desafios',
  fr: '/defis',
  jp: '/challenges',
  pt: '/desafios',
  ru: '/konkursy',
  'zh-CN': '/challenges',
} as const satisfies Record<Locale, string>;

const artContest = {
  en: '/digital-art-contest',
  de: '/digitalkunst-wettbewerb',
  es: '/concurso-de-arte-digital',
  fr: '/concours-art-numerique',
  jp: '/digital-art-contest',
  pt: '/concurso-de-arte-digital',
  ru: '/konkurs-tsifrovogo-iskusstva',
  'zh-CN': '/digital-art-contest',
} as const satisfies Record<Locale, string>;

/** Issue 25: the galleries (makes and renders) in every locale, like the listings (decision 0044). */
export const galleriesPath = {
  en: '/galleries',
  de: '/galerien',
  es: '/galerias',
  fr: '/galeries',
  jp: '/galleries',
  pt: '/galerias',
  ru: '/galerei',
  'zh-CN': '/galleries',
} as const satisfies Record<Locale, string>;

/** Issue 25: the tutorials' index in every locale; its sub-pages keep English segments, as the jobs board's. */
export const tutorialsIndex = {
  en: '/tutorials',
  de: '/anleitungen',
  es: '/tutoriales',
  fr: '/tutoriels',
  jp: '/tutorials',
  pt: '/tutoriais',
  ru: '/uroki',
  'zh-CN': '/tutorials',
} as const satisfies Record<Locale, string>;

/** Spec §2: the datasets page is linked only in these locales. */
export const datasetsLocales: readonly Locale[] = ['jp', 'zh-CN'];

function withSuffix(table: Record<Locale, string>, suffix: string): Record<Locale, string> {
  return Object.fromEntries(Object.entries(table).map(([locale, p]) => [locale, `${p}${suffix}`])) as Record<
    Locale,
    string
  >;
}

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: 'as-needed',
  localeDetection: false,
  // Our pages write their own hreflang links (standard tags: ja, zh-CN); next-intl's Link header would use the locale keys (jp).
  alternateLinks: false,
  // The locale is in the URL; a cookie would only make every page uncacheable (decision 0008).
  localeCookie: false,
  pathnames: {
    '/': '/',
    '/3d-models': modelsListing,
    '/3d-models/[...path]': withSuffix(modelsListing, '/[...path]'),
    '/3d-print-models': printModelsListing,
    '/3d-print-models/[...path]': withSuffix(printModelsListing, '/[...path]'),
    '/free-3d-models': freeModelsListing,
    '/search': '/search',
    '/designers': '/designers',
    '/community-ratings': communityRatings,
    '/designers/[username]': '/designers/[username]',
    '/blog': '/blog',
    '/blog/[slug]': '/blog/[slug]',
    '/about-us': '/about-us',
    '/pages/press': '/pages/press',
    '/pages/careers': '/pages/careers',
    '/pages/sell-3d-models': '/pages/sell-3d-models',
    '/business-account': '/business-account',
    '/datasets': '/datasets',
    // Accounts and buying (decision 0019): the same English paths in every locale.
    '/login': '/login',
    '/signup': '/signup',
    '/password-reset': '/password-reset',
    '/password-reset/new': '/password-reset/new',
    '/email-confirmation': '/email-confirmation',
    '/account': '/account',
    '/account/profile': '/account/profile',
    '/account/likes': '/account/likes',
    '/account/following': '/account/following',
    '/account/saved-searches': '/account/saved-searches',
    '/saved-searches/unsubscribe': '/saved-searches/unsubscribe',
    '/support': '/support',
    '/cart': '/cart',
    '/wishlist': '/wishlist',
    '/purchases': '/purchases',
    '/orders/[id]': '/orders/[id]',
    '/orders/[id]/licences/[lineId]': '/orders/[id]/licences/[lineId]',
    '/points': '/points',
    '/coupons': '/coupons',
    // The seller's studio, the business team and the admin dashboard: English paths too.
    '/studio': '/studio',
    '/studio/new': '/studio/new',
    '/studio/models/[id]': '/studio/models/[id]',
    '/studio/sales': '/studio/sales',
    '/studio/analytics': '/studio/analytics',
    '/team': '/team',
    '/team/join': '/team/join',
    '/admin': '/admin',
    '/admin/reviews': '/admin/reviews',
    '/admin/business-applications': '/admin/business-applications',
    '/admin/users': '/admin/users',
    '/admin/custom-models': '/admin/custom-models',
    '/admin/promotions': '/admin/promotions',
    '/admin/search-phrases': '/admin/search-phrases',
    '/admin/moderation': '/admin/moderation',
    // Freelance (issue 7): the jobs board, the custom-model service, conversations.
    '/3d-modeling-jobs': jobsBoard,
    '/3d-modeling-jobs/new': withSuffix(jobsBoard, '/new'),
    '/3d-modeling-jobs/dashboard': withSuffix(jobsBoard, '/dashboard'),
    '/3d-modeling-jobs/[id]': withSuffix(jobsBoard, '/[id]'),
    '/3d-modeling-jobs/[id]/edit': withSuffix(jobsBoard, '/[id]/edit'),
    '/3d-modeling-jobs/[id]/review': withSuffix(jobsBoard, '/[id]/review'),
    '/3d-modeling-jobs/[id]/apply': withSuffix(jobsBoard, '/[id]/apply'),
    '/3d-modeling-jobs/[id]/applications': withSuffix(jobsBoard, '/[id]/applications'),
    '/3d-modeling-jobs/[id]/applications/[applicationId]': withSuffix(
      jobsBoard,
      '/[id]/applications/[applicationId]',
    ),
    '/custom-3d-models': '/custom-3d-models',
    '/custom-3d-models/requests/[id]': '/custom-3d-models/requests/[id]',
    // Tutorials (issue 25, decision 0045).
    '/tutorials': tutorialsIndex,
    '/tutorials/new': withSuffix(tutorialsIndex, '/new'),
    '/tutorials/[id]': withSuffix(tutorialsIndex, '/[id]'),
    '/tutorials/[id]/edit': withSuffix(tutorialsIndex, '/[id]/edit'),
    '/conversations': '/conversations',
    '/conversations/[id]': '/conversations/[id]',
    '/forum': forum,
    '/forum/new': withSuffix(forum, '/new'),
    '/forum/threads/[id]': withSuffix(forum, '/threads/[id]'),
    // Community (issue 25).
    '/printlists': printlistsIndex,
    '/printlists/[id]': withSuffix(printlistsIndex, '/[id]'),
    '/invite': '/invite',
    '/invite/[code]': '/invite/[code]',
    // Challenges and the digital art contest (issue 25, decision 0046).
    '/challenges': challengesListing,
    '/challenges/[id]': withSuffix(challengesListing, '/[id]'),
    '/digital-art-contest': artContest,
    '/admin/challenges': '/admin/challenges',
    '/admin/challenges/[id]': '/admin/challenges/[id]',
    '/galleries': galleriesPath,
    '/galleries/makes/[id]': withSuffix(galleriesPath, '/makes/[id]'),
  },
});

export type AppPathname = keyof typeof routing.pathnames;
