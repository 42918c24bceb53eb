import { describe, expect, it } from 'vitest';

import { parseEnv } from './env';

describe('environment validation', () => {
  it('gives defaults for an empty environment', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.databaseDir).toMatch(/data[/\\]db$/);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid environment variable PORT: .*\(got "abc"\)$/],
    [{ PORT: '70000' }, /^Invalid environment variable PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid environment variable DATABASE_URL: must be a postgres/],
    [{ LOG_LEVEL: 'loud' }, /^Invalid environment variable LOG_LEVEL/],
    [{ SEED_ON_START: 'maybe' }, /^Invalid environment variable SEED_ON_START/],
    [
      { TRUSTED_PROXIES: '127.0.0.1, proxy.lan' },
      /^Invalid environment variable TRUSTED_PROXIES: "proxy.lan" is not/,
    ],
  ])('%j is rejected with a message naming the variable', (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });

  it('reads TRUSTED_PROXIES as a list of addresses and CIDR blocks, empty by default', () => {
    expect(parseEnv({}).TRUSTED_PROXIES).toEqual([]);
    expect(parseEnv({ TRUSTED_PROXIES: '127.0.0.1, ::1,10.0.0.0/8' }).TRUSTED_PROXIES).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.0/8',
    ]);
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });
});
