/**
 * PostgreSQL in a backup: `pg_dump -Fc` and `pg_restore`. The dump and the manifest's table stats read
 * one snapshot (exported by a repeatable-read transaction that stays open while pg_dump runs), so the
 * stats describe exactly the rows in the dump, while the app keeps serving.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

import pg from 'pg';

import { sha256File } from './file-hash';
import { majorVersion, type TableStat } from './manifest';
import { connectionFor, findDumpTool, findRestoreTool, runTool } from './postgres-tools';
import type { Progress } from './progress';
import { compareTableStats, listTables, statSettings, tableStats, type Query } from './table-stats';

export const postgresArchiveFile = 'database.dump';

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `Cannot connect to DATABASE_URL (${url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')}): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return client;
}

const queryOn =
  (client: pg.Client): Query =>
  async <T>(sqlText: string) =>
    (await client.query(sqlText)).rows as T[];

/** The tool's verbose lines worth showing as progress (one per table's data, one per index). */
function toolProgress(progress: Progress, shown: RegExp): (line: string) => void {
  return (line) => {
    if (shown.test(line)) progress.step(`  ${line.replace(/^pg_(dump|restore): /, '')}`);
  };
}

/** pg_restore's lines: one per table's data, then one for the index and constraint builds (there are hundreds). */
function restoreProgress(progress: Progress): (line: string) => void {
  const tables = toolProgress(progress, /processing data for table/);
  let building = false;
  return (line) => {
    tables(line);
    if (!building && /creating (INDEX|CONSTRAINT|FK CONSTRAINT)/.test(line)) {
      building = true;
      progress.step('  creating indexes and constraints …');
    }
  };
}

async function serverVersionOf(client: pg.Client): Promise<string> {
  return (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;
}

export async function dumpPostgres(url: string, targetDir: string, progress: Progress) {
  const client = await connect(url);
  try {
    const serverVersion = await serverVersionOf(client);
    const tool = findDumpTool(majorVersion(serverVersion));
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]!.id;
    progress.step('Counting rows and checksumming every table …');
    for (const setting of statSettings) await client.query(setting);
    const stats = await tableStats(queryOn(client), (done, total, name) =>
      progress.count('tables checksummed', done, total, undefined, name),
    );
    progress.step(`Dumping PostgreSQL ${serverVersion} with ${tool.command} …`);
    const file = path.join(targetDir, postgresArchiveFile);
    const connection = connectionFor(url);
    await runTool(
      tool.command,
      [
        '--format=custom',
        '--verbose',
        `--snapshot=${snapshot}`,
        `--file=${file}`,
        `--dbname=${connection.dbname}`,
      ],
      connection.env,
      toolProgress(progress, /dumping contents of table/),
    );
    await client.query('COMMIT');
    const { size } = await fs.stat(file);
    return {
      file: postgresArchiveFile,
      bytes: size,
      sha256: await sha256File(file),
      serverVersion,
      dumpVersion: tool.version,
      stats,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

/** The user tables of the target database: a restore goes only into one without any. */
export async function postgresTables(url: string): Promise<string[]> {
  const client = await connect(url);
  try {
    return await listTables(queryOn(client));
  } finally {
    await client.end().catch(() => {});
  }
}

export async function restorePostgres(
  archive: string,
  url: string,
  expected: { stats: TableStat[]; serverVersion: string; dumpVersion?: string },
  progress: Progress,
): Promise<void> {
  const client = await connect(url);
  try {
    const serverVersion = await serverVersionOf(client);
    const targetMajor = majorVersion(serverVersion);
    const sourceMajor = majorVersion(expected.serverVersion);
    if (targetMajor < sourceMajor)
      throw new Error(
        `The backup comes from PostgreSQL ${sourceMajor}; the target server runs ${targetMajor}: restore it into PostgreSQL ${sourceMajor} or later.`,
      );
    const tool = findRestoreTool(targetMajor, majorVersion(expected.dumpVersion ?? expected.serverVersion));
    progress.step(`Restoring into PostgreSQL ${serverVersion} with ${tool.command} …`);
    const connection = connectionFor(url);
    // One transaction: a failed restore leaves the database as empty as it was.
    await runTool(
      tool.command,
      [
        '--single-transaction',
        '--no-owner',
        '--no-acl',
        '--verbose',
        `--dbname=${connection.dbname}`,
        archive,
      ],
      connection.env,
      restoreProgress(progress),
    );
    progress.step('Checking every table against the manifest …');
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    for (const setting of statSettings) await client.query(setting);
    const stats = await tableStats(queryOn(client), (done, total, name) =>
      progress.count('tables checksummed', done, total, undefined, name),
    );
    await client.query('COMMIT');
    const problems = compareTableStats(expected.stats, stats);
    if (problems.length > 0)
      throw new Error(
        `The restored database differs from the backup (it is left as loaded, for inspection; drop and create it before another restore): ${problems.join('; ')}`,
      );
  } finally {
    await client.end().catch(() => {});
  }
}
