/**
 * The custom server's side of /metrics (decision 0051): every response is counted and timed under its
 * route pattern, and /metrics itself is answered to those allowed to read it. For anyone else the path is
 * left to the app, which answers it like any unknown path (404).
 */
import type http from 'node:http';

import { mayReadMetrics } from './access';
import { metrics } from './registry';
import type { RouteOf } from './route-patterns';

export const metricsPath = '/metrics';

const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const pathnameOf = (url: string) => url.split('?', 1)[0]!;

/** Counts and times `res` when it finishes; `route` is read then (so a handler may set it). */
export function observeRequest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  startedMs: number,
  route: () => string,
): void {
  res.once('finish', () => {
    const { httpDuration, httpRequests, httpServerErrors } = metrics();
    const method = knownMethods.has(req.method ?? '') ? req.method! : 'other';
    const label = route();
    httpRequests.inc({ method, route: label, status: String(res.statusCode) });
    httpDuration.observe({ method, route: label }, (performance.now() - startedMs) / 1000);
    if (res.statusCode >= 500) httpServerErrors.inc({ route: label });
  });
}

/** The route label of a request path (query ignored). */
export function routeLabel(routeOf: RouteOf, url: string): string {
  return routeOf(pathnameOf(url));
}

/** Whether this request is for /metrics and may read it; if not, it is left to the app. */
export function isAllowedMetricsRequest(req: http.IncomingMessage, token: string | undefined): boolean {
  if (pathnameOf(req.url ?? '/') !== metricsPath) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  return mayReadMetrics(req, token);
}

export async function sendMetrics(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const { registry } = metrics();
  const body = await registry.metrics();
  res.writeHead(200, {
    'content-type': registry.contentType,
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
