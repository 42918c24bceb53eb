import { describe, expect, it } from 'vitest';

import { folderArgument } from '../folder-argument';
import { majorVersion } from './manifest';
import { compareTableStats } from './table-stats';

describe('backup helpers', () => {
  it('reads the major version of servers and client tools', () => {
    expect(majorVersion('15.18 (Debian 15.18-0+deb12u1)')).toBe(15);
    expect(majorVersion('pg_dump (PostgreSQL) 17.2')).toBe(17);
    expect(majorVersion('pg_restore (PostgreSQL) 9.6.24')).toBe(9);
    expect(majorVersion('18devel')).toBe(18);
    expect(majorVersion('unknown')).toBeNaN();
  });

  it('names every table whose rows differ from the manifest', () => {
    const expected = [
      { name: 'public.models', rows: 3, checksum: '10' },
      { name: 'public.orders', rows: 1, checksum: '5' },
      { name: 'public.users', rows: 2, checksum: '7' },
    ];
    expect(compareTableStats(expected, expected)).toEqual([]);
    expect(
      compareTableStats(expected, [
        { name: 'public.models', rows: 2, checksum: '10' },
        { name: 'public.orders', rows: 1, checksum: '6' },
        { name: 'public.extra', rows: 0, checksum: '0' },
      ]),
    ).toEqual([
      'table public.models has 2 rows, not 3',
      "table public.orders's rows differ (checksum)",
      'table public.users is missing',
      'table public.extra is not in the backup',
    ]);
  });

  it('takes exactly one folder', () => {
    expect(folderArgument('backup', ['/backups/today'])).toBe('/backups/today');
    expect(() => folderArgument('backup', [])).toThrow('usage: npm run backup -- DIR');
    expect(() => folderArgument('restore', ['a', 'b'])).toThrow('usage: npm run restore -- DIR');
    expect(() => folderArgument('restore', ['--force', 'a'])).toThrow('unknown option --force');
  });
});
