/**
 * Messages between instances over LISTEN/NOTIFY (decision 0063), on a real PostgreSQL: delivered to the
 * others and not to the sender, and delivered again after the listening connection was cut. Runs on the
 * PostgreSQL pass (DATABASE_URL); the embedded database serves one process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { env } from '@/env';

import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-database';
import {
  channelApplicationName,
  openNotificationChannel,
  type NotificationChannel,
} from './notification-channel';

const waitUntil = async (check: () => boolean, timeoutMs = 10_000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.skipIf(!env.DATABASE_URL)('notification channel between instances', () => {
  let t: TestDatabase;
  const received = { a: [] as string[], b: [] as string[] };
  let a: NotificationChannel;
  let b: NotificationChannel;

  beforeAll(async () => {
    t = await createTestDatabase();
    a = await openNotificationChannel({
      url: t.url!,
      name: 'test_channel',
      onMessage: (m) => received.a.push(m),
    });
    b = await openNotificationChannel({
      url: t.url!,
      name: 'test_channel',
      onMessage: (m) => received.b.push(m),
    });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await t?.cleanup();
  });

  it('delivers a message to the other instance, not back to its sender', async () => {
    expect(await a.send('[{"endsWith":["designers","ada"]}]')).toBe(true);
    await waitUntil(() => received.b.length === 1);
    expect(received.b).toEqual(['[{"endsWith":["designers","ada"]}]']);
    expect(await b.send('from b')).toBe(true);
    await waitUntil(() => received.a.length === 1);
    expect(received.a).toEqual(['from b']);
    expect(received.b).toHaveLength(1);
  });

  it('listens again after its connection was cut', async () => {
    const [{ cut }] = (await t.handle.query<{ cut: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS cut FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = $1`,
      [channelApplicationName],
    )) as [{ cut: number }];
    expect(cut).toBe(2);
    await waitUntil(() => !b.connected());
    await waitUntil(() => a.connected() && b.connected());
    expect(await a.send('after the cut')).toBe(true);
    await waitUntil(() => received.b.includes('after the cut'));
  });

  it('refuses a message over NOTIFY’s limit rather than lose it silently', async () => {
    await expect(a.send('x'.repeat(8_000))).rejects.toThrow(/at most 7900 bytes/);
  });
});
