import { spawnSync } from 'node:child_process';

import { describe, expect, it } from 'vitest';

import { folderArgument } from '../folder-argument';
import { majorVersion } from './manifest';
import { findDumpTool, findRestoreTool, findTool } from './postgres-tools';
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

const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;

describe('PostgreSQL client tools', () => {
  it('says what to install when a tool is missing', () => {
    expect(() => findTool('pg_dump', 16, ['/nonexistent/pg_dump'])).toThrow(
      'pg_dump was not found: install the PostgreSQL 16 client tools (Debian/Ubuntu: apt install postgresql-client-16) or put them on PATH.',
    );
  });

  it.skipIf(!hasPgDump)(
    'refuses a pg_dump older than the server, and a pg_restore older than the dump',
    () => {
      expect(() => findDumpTool(99)).toThrow(
        /The server runs PostgreSQL 99 but .*pg_dump is version \d+, which cannot dump it: install the PostgreSQL 99 client tools/,
      );
      expect(() => findRestoreTool(15, 99)).toThrow(
        /The backup was made by pg_dump 99 but .*pg_restore is version \d+, which cannot read it/,
      );
    },
  );
});
