/**
 * Spec §2 menus. An entry whose feature does not exist yet has `target: null` and is not shown until
 * it does (no dead links); the order is the spec's.
 */
import type { Locale } from '@/i18n/routing';
import { datasetsLocales } from '@/i18n/routing';

type Target =
  | '/designers'
  | '/blog'
  | '/pages/sell-3d-models'
  | '/about-us'
  | '/pages/press'
  | '/pages/careers'
  | '/free-3d-models'
  | '/business-account'
  | '/datasets';

export interface MenuEntry {
  key: string;
  target: Target | null;
  hash?: string;
}

export const communityMenu: MenuEntry[] = [
  { key: 'galleries', target: null },
  { key: 'tutorials', target: null },
  { key: 'forum', target: null },
  { key: 'designers', target: '/designers' },
  { key: 'challenges', target: null },
  { key: 'digitalArtContest', target: null },
  { key: 'blog', target: '/blog' },
  { key: 'communityRatings', target: null },
  { key: 'sell', target: '/pages/sell-3d-models' },
  { key: 'freelance', target: null },
  { key: 'printlist', target: null },
  { key: 'inviteFriend', target: null },
];

/** Spec §2 footer links, in columns. */
export const footerColumns: { key: 'company' | 'marketplace' | 'community'; entries: MenuEntry[] }[] = [
  {
    key: 'company',
    entries: [
      { key: 'aboutUs', target: '/about-us' },
      { key: 'contacts', target: '/about-us', hash: 'contacts' },
      { key: 'press', target: '/pages/press' },
      { key: 'careers', target: '/pages/careers' },
      { key: 'blog', target: '/blog' },
    ],
  },
  {
    key: 'marketplace',
    entries: [
      { key: 'freeModels', target: '/free-3d-models' },
      { key: 'businessAccount', target: '/business-account' },
      { key: 'sell', target: '/pages/sell-3d-models' },
      { key: 'datasets', target: '/datasets' },
    ],
  },
  {
    key: 'community',
    entries: [
      { key: 'designers', target: '/designers' },
      { key: 'forum', target: null },
      { key: 'jobs', target: null },
    ],
  },
];

/** The entries shown in a locale: existing features only; datasets only in zh-CN and jp (spec §2). */
export function visibleEntries(entries: MenuEntry[], locale: Locale): (MenuEntry & { target: Target })[] {
  return entries.filter(
    (e): e is MenuEntry & { target: Target } =>
      e.target !== null && (e.target !== '/datasets' || datasetsLocales.includes(locale)),
  );
}
