/**
 * Who may read /metrics (decision 0051): a scraper with the token (`Authorization: Bearer $METRICS_TOKEN`),
 * or a client on this machine that reached the server directly. Everyone else is told there is no such
 * page (404), so the endpoint is not advertised.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.replace(/^::ffff:/i, '');
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}

/**
 * A reverse proxy on the same machine connects from loopback too, on behalf of anyone: a request that
 * names a client it was forwarded for is not a local one, whether or not the proxy is in
 * TRUSTED_PROXIES (decision 0054: trusting a proxy is about whom it forwards for, never "internal").
 */
const forwardingHeaders = [
  'forwarded',
  'x-forwarded-for',
  'x-real-ip',
  'x-forwarded-host',
  'x-forwarded-proto',
];

function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function mayReadMetrics(req: http.IncomingMessage, token: string | undefined): boolean {
  const authorization = req.headers.authorization;
  if (token && typeof authorization === 'string') {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (bearer && sameToken(bearer[1]!, token)) return true;
  }
  return (
    isLoopbackAddress(req.socket.remoteAddress) &&
    forwardingHeaders.every((name) => req.headers[name] === undefined)
  );
}
