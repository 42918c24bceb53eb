/** Every 429 of the shared limiter says when to come back (issue 24): Retry-After, in seconds. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AppError, errorHeaders } from '@/server/errors';

import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-database';
import { handleJson, jsonData } from './json';
import { assertWithinRateLimit } from './rate-limit';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

describe('assertWithinRateLimit', () => {
  it('answers past the limit with 429 and Retry-After up to the end of its window', async () => {
    const hour = 3_600_000;
    const now = new Date('2026-05-01T10:45:00.250Z');
    const call = () =>
      handleJson(async () => {
        await assertWithinRateLimit('retry_after_test', 2, hour, now);
        return jsonData({ ok: true });
      });
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200);
    const refused = await call();
    expect(refused.status).toBe(429);
    // 14 minutes 59.75 seconds are left of the 10:00–11:00 window: rounded up.
    expect(refused.headers.get('retry-after')).toBe('900');
  });

  it('gives every RATE_LIMITED error a Retry-After, and no other error one', () => {
    expect(errorHeaders(new AppError('RATE_LIMITED', 'slow down'))).toEqual({ 'retry-after': '60' });
    expect(errorHeaders(new AppError('RATE_LIMITED', 'slow down', 0.2))).toEqual({ 'retry-after': '1' });
    expect(errorHeaders(new AppError('NOT_FOUND', 'gone'))).toEqual({});
  });
});
