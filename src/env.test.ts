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
  ])('%j is rejected with a message naming the variable', (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });
});
