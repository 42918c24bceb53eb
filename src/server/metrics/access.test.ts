import type http from 'node:http';

import { describe, expect, it } from 'vitest';

import { isLoopbackAddress, mayReadMetrics } from './access';

const token = 'a'.repeat(24) + 'secret';

function request(remoteAddress: string, headers: http.IncomingHttpHeaders = {}): http.IncomingMessage {
  return { socket: { remoteAddress }, headers } as unknown as http.IncomingMessage;
}

describe('who may read /metrics', () => {
  it('knows loopback addresses, IPv4-mapped ones included', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(address)).toBe(true);
    }
    for (const address of ['192.0.2.2', '::ffff:10.0.0.1', 'fd00::2', '::', '128.0.0.1', undefined]) {
      expect(isLoopbackAddress(address)).toBe(false);
    }
  });

  it('lets a client on this machine in, but not one a local proxy forwarded', () => {
    expect(mayReadMetrics(request('127.0.0.1'), undefined)).toBe(true);
    expect(mayReadMetrics(request('::1'), token)).toBe(true);
    for (const header of [
      'x-forwarded-for',
      'forwarded',
      'x-real-ip',
      'x-forwarded-host',
      'x-forwarded-proto',
    ]) {
      expect(mayReadMetrics(request('127.0.0.1', { [header]: '203.0.113.9' }), undefined)).toBe(false);
    }
  });

  it('keeps out what the nginx of deploy/ forwards, even for a client on this machine', () => {
    const forwarded = {
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'localhost',
    };
    expect(mayReadMetrics(request('127.0.0.1', forwarded), undefined)).toBe(false);
  });

  it('lets anyone with the token in, and nobody else from outside', () => {
    expect(mayReadMetrics(request('192.0.2.2', { authorization: `Bearer ${token}` }), token)).toBe(true);
    expect(mayReadMetrics(request('192.0.2.2', { authorization: `bearer  ${token} ` }), token)).toBe(true);
    expect(
      mayReadMetrics(
        request('127.0.0.1', { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' }),
        token,
      ),
    ).toBe(true);
    expect(mayReadMetrics(request('192.0.2.2'), token)).toBe(false);
    expect(mayReadMetrics(request('192.0.2.2', { authorization: `Bearer ${token}x` }), token)).toBe(false);
    expect(mayReadMetrics(request('192.0.2.2', { authorization: token }), token)).toBe(false);
    expect(mayReadMetrics(request('192.0.2.2', { authorization: 'Bearer ' }), token)).toBe(false);
    // Without a configured token no header opens it.
    expect(mayReadMetrics(request('192.0.2.2', { authorization: 'Bearer undefined' }), undefined)).toBe(
      false,
    );
  });
});
