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
      { DATABASE_READ_URL: 'postgres://replica/db' },
      /^Invalid environment variable DATABASE_READ_URL: read replicas need DATABASE_URL/,
    ],
    [
      { DATABASE_URL: 'postgres://primary/db', DATABASE_READ_URL: 'postgres://r1/db, mysql://r2/db' },
      /^Invalid environment variable DATABASE_READ_URL/,
    ],
    [{ FILE_STORE: 'ftp' }, /^Invalid environment variable FILE_STORE/],
    [{ FILE_STORE: 's3' }, /^Invalid environment variable S3_BUCKET: required when FILE_STORE=s3$/],
    [
      { FILE_STORE: 's3', S3_BUCKET: 'Bad_Bucket' },
      /^Invalid environment variable S3_BUCKET: must be a bucket name/,
    ],
    [
      { FILE_STORE: 's3', S3_BUCKET: 'files', S3_ENDPOINT: 'minio:9000' },
      /^Invalid environment variable S3_ENDPOINT/,
    ],
    [
      { FILE_STORE: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'id' },
      /^Invalid environment variable S3_SECRET_ACCESS_KEY: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together$/,
    ],
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

  it('keeps files in DATA_DIR/files by default, and reads the S3 settings of FILE_STORE=s3', () => {
    expect(parseEnv({}).FILE_STORE).toBe('local');
    expect(parseEnv({ DATA_DIR: '/srv/meshbay' }).filesDir).toBe('/srv/meshbay/files');
    const selfHosted = parseEnv({
      FILE_STORE: 's3',
      S3_ENDPOINT: 'http://minio.lan:9000',
      S3_BUCKET: 'meshbay-files',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(selfHosted.s3).toEqual({
      endpoint: 'http://minio.lan:9000',
      region: 'us-east-1',
      bucket: 'meshbay-files',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    // On AWS itself: virtual-hosted addresses and the SDK's own credentials, unless told otherwise.
    const aws = parseEnv({ FILE_STORE: 's3', S3_BUCKET: 'meshbay-files', S3_REGION: 'eu-central-1' });
    expect(aws.s3).toMatchObject({ endpoint: undefined, region: 'eu-central-1', forcePathStyle: false });
    expect(aws.s3.accessKeyId).toBeUndefined();
    expect(
      parseEnv({ FILE_STORE: 's3', S3_BUCKET: 'b.c', S3_FORCE_PATH_STYLE: 'yes' }).s3.forcePathStyle,
    ).toBe(true);
  });

  it('reads DATABASE_READ_URL as a list of replicas, none by default', () => {
    expect(parseEnv({}).DATABASE_READ_URL).toEqual([]);
    const env = parseEnv({
      DATABASE_URL: 'postgres://primary/db',
      DATABASE_READ_URL: 'postgres://r1:5432/db, postgresql://r2:5433/db',
    });
    expect(env.DATABASE_READ_URL).toEqual(['postgres://r1:5432/db', 'postgresql://r2:5433/db']);
    expect([env.DATABASE_READ_MAX_LAG_MS, env.READ_YOUR_WRITES_SECONDS]).toEqual([1000, 5]);
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });
});
