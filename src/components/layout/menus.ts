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
  | '/support'
  | '/pages/press'
  | '/pages/careers'
  | '/free-3d-models'
  | '/business-account'
  | '/datasets'
  | '/login'
  | '/signup'
  | '/account'
  | '/account/profile'
  | '/account/likes'
  | '/account/following'
  | '/account/saved-searches'
  | '/wishlist'
  | '/purchases'
  | '/studio'
  | '/studio/new'
  | '/studio/sales'
  | '/studio/analytics'
  | '/team'
  | '/admin'
  | '/3d-modeling-jobs'
  | '/3d-modeling-jobs/new'
  | '/3d-modeling-jobs/dashboard'
  | '/custom-3d-models'
  | '/community-ratings'
  | '/forum'
  | '/printlists'
  | '/invite'
  | '/challenges'
  | '/digital-art-contest'
  | '/galleries'
  | '/tutorials';

export interface MenuEntry {
  key: string;
  target: Target | null;
  /** A query string for the target (two entries may lead to one page in different views). */
  query?: Record<string, string>;
  hash?: string;
}

export const communityMenu: MenuEntry[] = [
  { key: 'galleries', target: '/galleries' },
  { key: 'tutorials', target: '/tutorials' },
  { key: 'forum', target: '/forum' },
  { key: 'designers', target: '/designers' },
  { key: 'challenges', target: '/challenges' },
  { key: 'digitalArtContest', target: '/digital-art-contest' },
  { key: 'blog', target: '/blog' },
  { key: 'communityRatings', target: '/community-ratings' },
  { key: 'sell', target: '/pages/sell-3d-models' },
  { key: 'freelance', target: '/3d-modeling-jobs' },
  { key: 'printlist', target: '/printlists' },
  { key: 'inviteFriend', target: '/invite' },
];

/** Spec §2 footer links, in columns. */
export const footerColumns: { key: 'company' | 'marketplace' | 'community'; entries: MenuEntry[] }[] = [
  {
    key: 'company',
    entries: [
      { key: 'aboutUs', target: '/about-us' },
      { key: 'contacts', target: '/about-us', hash: 'contacts' },
      { key: 'support', target: '/support' },
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
      { key: 'galleries', target: '/galleries' },
      { key: 'forum', target: '/forum' },
      { key: 'challenges', target: '/challenges' },
      { key: 'digitalArtContest', target: '/digital-art-contest' },
      { key: 'tutorials', target: '/tutorials' },
      { key: 'jobs', target: '/3d-modeling-jobs' },
      { key: 'communityRatings', target: '/community-ratings' },
      { key: 'printlist', target: '/printlists' },
      { key: 'inviteFriend', target: '/invite' },
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

/**
 * Spec §2 user menus, per role, in the spec's order; a signed-in user sees the entries of each of
 * their roles, then the ones everybody has (account settings, public profile, log out).
 */
export const userMenus = {
  guest: [
    { key: 'signUp', target: '/signup' },
    { key: 'logIn', target: '/login' },
  ],
  buyer: [
    { key: 'myPurchases', target: '/purchases' },
    { key: 'wishlist', target: '/wishlist' },
    { key: 'findFreelancers', target: '/designers' },
    { key: 'sell', target: '/pages/sell-3d-models' },
  ],
  seller: [
    { key: 'uploadModel', target: '/studio/new' },
    { key: 'myModels', target: '/studio' },
    { key: 'mySales', target: '/studio/sales' },
    { key: 'analytics', target: '/studio/analytics' },
    { key: 'my3dProjects', target: '/3d-modeling-jobs/dashboard' },
    { key: 'wishlist', target: '/wishlist' },
    { key: 'freelance', target: '/3d-modeling-jobs' },
    { key: 'publishProject', target: '/3d-modeling-jobs/new' },
    { key: 'findProjects', target: '/3d-modeling-jobs', query: { sort: 'newest' } },
  ],
  admin: [{ key: 'adminDashboard', target: '/admin' }],
  business_member: [{ key: 'teamLibrary', target: '/team' }],
  /** Everybody's, after the roles' entries (the public profile link is the user's own, see below). */
  all: [
    { key: 'liked', target: '/account/likes' },
    { key: 'following', target: '/account/following' },
    { key: 'savedSearches', target: '/account/saved-searches' },
    { key: 'accountSettings', target: '/account' },
  ],
} satisfies Record<string, MenuEntry[]>;

/** Every member's public profile (decision 0034): the last link of the signed-in menu, before log out. */
export function publicProfileTarget(username: string) {
  return { pathname: '/designers/[username]', params: { username } } as const;
}

/** A signed-in user's role that has menu entries of its own. */
export type MenuRole = Exclude<keyof typeof userMenus, 'guest' | 'all'>;

/** The entries of a signed-in user's roles, each shown once, existing features only. */
export function userMenuEntries(
  roles: readonly (keyof typeof userMenus)[],
): (MenuEntry & { target: Target })[] {
  const seen = new Set<string>();
  const entries: MenuEntry[] = [];
  for (const role of roles) {
    for (const entry of userMenus[role] as MenuEntry[]) {
      const id = `${entry.target}?${new URLSearchParams(entry.query).toString()}`;
      if (entry.target !== null && !seen.has(id)) {
        seen.add(id);
        entries.push(entry);
      }
    }
  }
  return [...entries, ...userMenus.all] as (MenuEntry & { target: Target })[];
}
