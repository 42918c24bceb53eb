/**
 * Who a client is when counting people rather than requests (suggestions learned, views counted): the
 * peer address, with an IPv6 address taken as its /64 (one home or host is given a whole /64, so its
 * 2^64 addresses are one client) and an IPv4-mapped IPv6 address as the IPv4 one.
 */
import { isIP } from 'node:net';

import { clientOf } from './rate-limit';

export function addressGroup(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

/** The client's address group (see `addressGroup`). */
export function clientGroupOf(request: Request): string {
  return addressGroup(clientOf(request));
}

/** The eight hextets of an IPv6 address (zone dropped, `::` filled, an IPv4 tail as two hextets). */
function expandIpv6(address: string): string[] {
  let text = address.split('%')[0]!.toLowerCase();
  const ipv4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (ipv4) {
    const [a, b, c, d] = ipv4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, ipv4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - headParts.length - tailParts.length).fill('0');
  return [...headParts, ...fill, ...tailParts].map((part) => part.replace(/^0+(?=.)/, ''));
}
