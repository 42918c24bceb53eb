/**
 * Read-your-writes with read replicas (decision 0062): a signed-in visitor's write (any method but
 * GET, HEAD and OPTIONS) gets a cookie that sends that visitor's reads to the primary for
 * READ_YOUR_WRITES_SECONDS, longer than a usable replica may lag. A write request reads from the
 * primary itself. Guests' writes (view counts, search events) change nothing they read back.
 */
import type http from 'node:http';

import {
  cookieValue,
  readYourWritesCookie,
  readYourWritesCookieName,
  sessionCookieName,
} from '@/server/auth/cookies';
import { withPrimaryReads } from '@/server/db/read-replicas';

const reads = new Set(['GET', 'HEAD', 'OPTIONS']);

export function withReadYourWrites(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  seconds: number,
  handle: () => Promise<void>,
): Promise<void> {
  const cookies = req.headers.cookie ?? null;
  const writes = !reads.has(req.method ?? 'GET');
  // Next.js appends its own cookies to this header (send-response), so this one stays.
  if (writes && cookieValue(cookies, sessionCookieName) !== null)
    res.appendHeader('set-cookie', readYourWritesCookie(seconds));
  return writes || cookieValue(cookies, readYourWritesCookieName) !== null
    ? withPrimaryReads(handle)
    : handle();
}
