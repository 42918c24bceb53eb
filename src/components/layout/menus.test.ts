import { describe, expect, it } from 'vitest';

import { getPathname } from '@/i18n/navigation';

import { publicProfileTarget, userMenuEntries } from './menus';

const targets = (roles: Parameters<typeof userMenuEntries>[0]) => userMenuEntries(roles).map((e) => e.target);

describe('user menus', () => {
  it('give every signed-in role liked, following, saved searches and account settings, last', () => {
    const everybody = ['/account/likes', '/account/following', '/account/saved-searches', '/account'];
    for (const roles of [['buyer'], ['buyer', 'seller'], ['admin'], ['buyer', 'business_member']] as const) {
      expect(targets(roles).slice(-4)).toEqual(everybody);
    }
    expect(targets(['buyer']).slice(0, 2)).toEqual(['/purchases', '/wishlist']);
  });

  it('list an entry once when two roles have it', () => {
    const seller = targets(['buyer', 'seller']);
    expect(seller.filter((t) => t === '/wishlist')).toHaveLength(1);
  });

  it('link the public profile of the user in every locale', () => {
    expect(getPathname({ locale: 'en', href: publicProfileTarget('demo-buyer') })).toBe(
      '/designers/demo-buyer',
    );
    expect(getPathname({ locale: 'de', href: publicProfileTarget('demo-buyer') })).toBe(
      '/de/designers/demo-buyer',
    );
  });
});
