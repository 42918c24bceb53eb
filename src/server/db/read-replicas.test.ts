import { describe, expect, it } from 'vitest';

import { parseLsn, replicaName } from './read-replicas';

describe('read replicas', () => {
  it('name a replica by host:port/database, whatever secrets its URL holds', () => {
    expect(replicaName('postgres://meshbay:s3cret@db-replica-1:5433/meshbay')).toBe(
      'db-replica-1:5433/meshbay',
    );
    expect(replicaName('postgresql://reader@10.0.0.7/shop?sslmode=require&password=s3cret')).toBe(
      '10.0.0.7:5432/shop',
    );
    expect(replicaName('postgres://u:p@[::1]:6432/db')).toBe('[::1]:6432/db');
    expect(replicaName('not a url with s3cret')).not.toContain('s3cret');
  });

  it('read a WAL position as a number of bytes', () => {
    expect(parseLsn('16/B374D848')).toBe(0x16b374d848n);
    expect(parseLsn('0/0')).toBe(0n);
  });
});
