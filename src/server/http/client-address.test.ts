import { describe, expect, it } from 'vitest';

import { addressGroup } from './client-address';

describe('addressGroup', () => {
  it('keeps an IPv4 address and unwraps an IPv4-mapped one', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('takes an IPv6 address as its /64, however it is written', () => {
    const group = '2001:db8:1:2::/64';
    for (const address of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:1:2:3', '2001:DB8:1:2:0:0:0:9%eth0'])
      expect(addressGroup(address)).toBe(group);
    expect(addressGroup('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(addressGroup('unknown')).toBe('unknown');
  });
});
