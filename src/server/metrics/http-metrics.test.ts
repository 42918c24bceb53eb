import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { isAllowedMetricsRequest, observeRequest, sendMetrics } from './http-metrics';
import { metrics } from './registry';

/** A server like the marketplace's: every response observed, /metrics answered to loopback clients. */
const server = http.createServer((req, res) => {
  observeRequest(req, res, performance.now(), () =>
    req.url === '/metrics' ? '/metrics' : '/api/things/[id]',
  );
  if (isAllowedMetricsRequest(req, undefined)) return void sendMetrics(req, res);
  res.writeHead(req.url === '/api/things/fail' ? 503 : 200);
  res.end();
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('request metrics', () => {
  it('count responses by method, route and status, and 5xx ones as errors of their route', async () => {
    await (await fetch(`${base}/api/things/1`)).text();
    await (await fetch(`${base}/api/things/2`, { method: 'DELETE' })).text();
    await (await fetch(`${base}/api/things/fail`)).text();
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).toContain(
      'meshbay_http_requests_total{method="GET",route="/api/things/[id]",status="200"} 1',
    );
    expect(text).toContain(
      'meshbay_http_requests_total{method="DELETE",route="/api/things/[id]",status="200"} 1',
    );
    expect(text).toContain(
      'meshbay_http_requests_total{method="GET",route="/api/things/[id]",status="503"} 1',
    );
    expect(text).toContain('meshbay_http_server_errors_total{route="/api/things/[id]"} 1');
    expect(text).toContain(
      'meshbay_http_request_duration_seconds_count{method="GET",route="/api/things/[id]"} 2',
    );
  });

  it('put an unusual method under "other" (no label per whatever a client sends)', async () => {
    await new Promise<void>((resolve, reject) => {
      const req = http.request(`${base}/api/things/3`, { method: 'PROPFIND' }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end();
    });
    const { values } = await metrics().httpRequests.get();
    expect(values.some((value) => value.labels.method === 'other')).toBe(true);
    expect(values.some((value) => value.labels.method === 'PROPFIND')).toBe(false);
  });

  it('answer HEAD without a body', async () => {
    const response = await fetch(`${base}/metrics`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});
