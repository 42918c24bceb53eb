/**
 * The client's address behind reverse proxies (decision 0054). Only a peer in `TRUSTED_PROXIES` is
 * believed about `X-Forwarded-For`; each proxy appends the address it was connected from, so the header
 * is read from the right, past the trusted proxies, to the first address none of them is: the left of
 * it is whatever the client wrote and proves nothing. An untrusted peer's header is never read.
 */
import { BlockList, isIP } from 'node:net';

export interface TrustedProxies {
  has(address: string): boolean;
}

/** `::ffff:192.0.2.1` is `192.0.2.1`; IPv6 in lower case; anything else as it is. */
export function normalizedAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  return isIP(address) === 6 ? address.toLowerCase() : address;
}

/** Why one entry of `TRUSTED_PROXIES` (an address or a CIDR block) is not one, or null. */
export function trustedProxyEntryError(entry: string): string | null {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return `"${entry}" is not an IP address or CIDR block`;
  if (prefix === undefined) return null;
  if (normalizedAddress(address) !== address.toLowerCase() && family === 6)
    return `"${entry}": write an IPv4 block as IPv4 (e.g. 10.0.0.0/8)`;
  const bits = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits)
    return `"${entry}" has a prefix length outside 0–${bits}`;
  return null;
}

/** The entries of a comma-separated `TRUSTED_PROXIES`, blanks dropped. */
export function trustedProxyEntries(list: string): string[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** The set of trusted proxies from entries that `trustedProxyEntryError` accepts. */
export function trustedProxies(entries: readonly string[]): TrustedProxies {
  const blocks = new BlockList();
  for (const entry of entries) {
    const error = trustedProxyEntryError(entry);
    if (error) throw new Error(error);
    const [address = '', prefix] = entry.split('/');
    const normalized = normalizedAddress(address);
    const type = isIP(normalized) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) blocks.addAddress(normalized, type);
    else blocks.addSubnet(normalized, Number(prefix), type);
  }
  return {
    has(address) {
      const normalized = normalizedAddress(address);
      const family = isIP(normalized);
      if (family === 0) return false;
      try {
        return blocks.check(normalized, family === 4 ? 'ipv4' : 'ipv6');
      } catch {
        return false; // e.g. a link-local address with a zone (`fe80::1%eth0`)
      }
    },
  };
}

/** The entries of `X-Forwarded-For` (several headers are joined by Node with ", "), left to right. */
function forwardedEntries(header: string | string[] | undefined): string[] {
  if (header === undefined) return [];
  return (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * The address a request came from: the peer, unless the peer is a trusted proxy; then the right-most
 * `X-Forwarded-For` entry that is not a trusted proxy (the left-most when all are). An entry that is
 * not an address ends the walk at the trusted proxy that wrote it, never taken as a client.
 */
export function forwardedClient(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: TrustedProxies,
): string {
  if (!peer) return 'unknown';
  let client = normalizedAddress(peer);
  if (!trusted.has(client)) return client;
  const entries = forwardedEntries(forwardedFor);
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = normalizedAddress(entries[i]!);
    if (!isIP(entry)) return client;
    client = entry;
    if (!trusted.has(entry)) return client;
  }
  return client;
}
