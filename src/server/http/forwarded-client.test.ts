import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  forwardedClient,
  normalizedAddress,
  trustedProxies,
  trustedProxyEntries,
  trustedProxyEntryError,
} from './forwarded-client';

// nginx on this machine, and a private network of proxies.
const trusted = trustedProxies(['127.0.0.1', '::1', '10.0.0.0/8', 'fd00::/8']);

const trustedAddress = fc.oneof(
  fc.constant('127.0.0.1'),
  fc.constant('::1'),
  fc.constant('::ffff:127.0.0.1'),
  fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([a, b, c]) => `10.${a}.${b}.${c}`),
  fc
    .tuple(fc.nat(0xff), fc.nat(0xffff))
    .map(([a, b]) => `fd${a.toString(16).padStart(2, '0')}::${b.toString(16)}`),
);
const untrustedAddress = fc.oneof(fc.ipV4(), fc.ipV6()).filter((address) => !trusted.has(address));
/** Whatever a client may write into the header: addresses (trusted ones too), ports, words, nothing. */
const spoofedEntry = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  trustedAddress,
  fc.string({ maxLength: 20 }).filter((text) => !text.includes(',')),
  fc.constant('1.2.3.4:5678'),
);

describe('forwardedClient', () => {
  it('takes the right-most address that is not a trusted proxy', () => {
    const peer = '127.0.0.1';
    expect(forwardedClient(peer, '198.51.100.7', trusted)).toBe('198.51.100.7');
    expect(forwardedClient(peer, '203.0.113.9, 198.51.100.7', trusted)).toBe('198.51.100.7');
    expect(forwardedClient(peer, '203.0.113.9, 198.51.100.7, 10.1.2.3', trusted)).toBe('198.51.100.7');
    expect(forwardedClient(peer, ['203.0.113.9', '198.51.100.7, 10.1.2.3'], trusted)).toBe('198.51.100.7');
    expect(forwardedClient('::ffff:127.0.0.1', '2001:DB8::1', trusted)).toBe('2001:db8::1');
  });

  it('ignores the header of a peer that is not a trusted proxy', () => {
    expect(forwardedClient('198.51.100.7', '203.0.113.9', trusted)).toBe('198.51.100.7');
    expect(forwardedClient('::ffff:198.51.100.7', '127.0.0.1', trusted)).toBe('198.51.100.7');
    expect(forwardedClient('127.0.0.1', '203.0.113.9', trustedProxies([]))).toBe('127.0.0.1');
  });

  it('keeps the proxy when there is nothing else to go by', () => {
    expect(forwardedClient('127.0.0.1', undefined, trusted)).toBe('127.0.0.1');
    expect(forwardedClient('127.0.0.1', '', trusted)).toBe('127.0.0.1');
    expect(forwardedClient('127.0.0.1', '10.0.0.2, 10.0.0.3', trusted)).toBe('10.0.0.2');
    expect(forwardedClient(undefined, '203.0.113.9', trusted)).toBe('unknown');
  });

  it('stops at an entry that is not an address, at the proxy that wrote it', () => {
    expect(forwardedClient('127.0.0.1', '198.51.100.7, unknown', trusted)).toBe('127.0.0.1');
    expect(forwardedClient('127.0.0.1', '198.51.100.7, 1.2.3.4:80, 10.0.0.9', trusted)).toBe('10.0.0.9');
  });

  it('never lets a spoofed entry left of the real client win', () => {
    fc.assert(
      fc.property(
        fc.array(spoofedEntry, { maxLength: 5 }),
        untrustedAddress,
        fc.array(trustedAddress, { maxLength: 3 }),
        trustedAddress,
        (spoofed, client, proxies, peer) => {
          const header = [...spoofed, client, ...proxies].join(', ');
          expect(forwardedClient(peer, header, trusted)).toBe(normalizedAddress(client));
        },
      ),
    );
  });

  it('never reads the header of an untrusted peer', () => {
    fc.assert(
      fc.property(untrustedAddress, fc.array(spoofedEntry, { maxLength: 6 }), (peer, entries) => {
        expect(forwardedClient(peer, entries.join(', '), trusted)).toBe(normalizedAddress(peer));
      }),
    );
  });

  it('answers the peer or one of the header entries, and an entry only for a trusted peer', () => {
    fc.assert(
      fc.property(
        fc.oneof(trustedAddress, untrustedAddress),
        fc.array(spoofedEntry, { maxLength: 6 }),
        (peer, entries) => {
          const client = forwardedClient(peer, entries.join(','), trusted);
          if (client === normalizedAddress(peer)) return;
          expect(trusted.has(peer)).toBe(true);
          expect(entries.map((entry) => normalizedAddress(entry.trim()))).toContain(client);
        },
      ),
    );
  });
});

describe('trusted proxies', () => {
  it('holds addresses and CIDR blocks, IPv4-mapped peers included', () => {
    expect(trusted.has('127.0.0.1')).toBe(true);
    expect(trusted.has('::ffff:127.0.0.1')).toBe(true);
    expect(trusted.has('10.255.0.1')).toBe(true);
    expect(trusted.has('fd12:3456::1')).toBe(true);
    expect(trusted.has('127.0.0.2')).toBe(false);
    expect(trusted.has('11.0.0.1')).toBe(false);
    expect(trusted.has('fe80::1%eth0')).toBe(false);
    expect(trusted.has('not an address')).toBe(false);
  });

  it('trusts nobody when the list is empty', () => {
    expect(trustedProxies(trustedProxyEntries('')).has('127.0.0.1')).toBe(false);
  });

  it('splits the setting on commas and says what is wrong with an entry', () => {
    expect(trustedProxyEntries(' 127.0.0.1, ::1 ,,10.0.0.0/8 ')).toEqual(['127.0.0.1', '::1', '10.0.0.0/8']);
    expect(trustedProxyEntryError('10.0.0.0/8')).toBeNull();
    expect(trustedProxyEntryError('2001:db8::/32')).toBeNull();
    expect(trustedProxyEntryError('localhost')).toMatch(/not an IP address or CIDR block/);
    expect(trustedProxyEntryError('10.0.0.0/33')).toMatch(/prefix length outside 0–32/);
    expect(trustedProxyEntryError('10.0.0.0/8/1')).toMatch(/not an IP address/);
    expect(trustedProxyEntryError('::ffff:10.0.0.0/104')).toMatch(/write an IPv4 block as IPv4/);
  });
});
