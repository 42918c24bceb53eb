/**
 * Display preferences a visitor picks (a listing's card size…) live in cookies named `pref_…`. Pages
 * render by them, so the page cache keeps a copy of a page per combination of their values.
 */
export const preferenceCookiePrefix = 'pref_';
