/**
 * Every table's row count and a checksum of its rows: written into the manifest by the backup and
 * compared by the restore. The checksum adds up a hash of each row's text, so it needs no sort and
 * streams through a table of millions of rows; the row text is made with fixed settings, so the same
 * rows give the same sum on any server.
 */
import type { TableStat } from './manifest';

export type Query = <T>(sqlText: string) => Promise<T[]>;

/** Run inside the transaction the stats are read in (SET LOCAL). */
export const statSettings = [
  "SET LOCAL TimeZone = 'UTC'",
  "SET LOCAL DateStyle = 'ISO, YMD'",
  "SET LOCAL IntervalStyle = 'postgres'",
  'SET LOCAL extra_float_digits = 1',
  "SET LOCAL bytea_output = 'hex'",
];

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function listTables(query: Query): Promise<string[]> {
  const rows = await query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
     ORDER BY table_schema, table_name`,
  );
  return rows.map((row) => `${row.schema}.${row.name}`);
}

export async function tableStats(
  query: Query,
  onTable?: (done: number, total: number, name: string) => void,
): Promise<TableStat[]> {
  const stats: TableStat[] = [];
  const tables = await listTables(query);
  for (const name of tables) {
    onTable?.(stats.length, tables.length, name);
    const [schema, table] = name.split(/\.(.*)/s) as [string, string];
    const [row] = await query<{ rows: string; checksum: string }>(
      `SELECT count(*)::text AS rows,
              coalesce(sum(('x' || substr(md5(t::text), 1, 15))::bit(60)::bigint), 0)::text AS checksum
       FROM ${quoteIdent(schema)}.${quoteIdent(table)} AS t`,
    );
    stats.push({ name, rows: Number(row!.rows), checksum: row!.checksum });
  }
  onTable?.(stats.length, tables.length, '');
  return stats;
}

/** The differences between two sets of table stats, as readable lines; none when they agree. */
export function compareTableStats(expected: TableStat[], actual: TableStat[]): string[] {
  const problems: string[] = [];
  const found = new Map(actual.map((stat) => [stat.name, stat]));
  for (const stat of expected) {
    const other = found.get(stat.name);
    if (!other) problems.push(`table ${stat.name} is missing`);
    else if (other.rows !== stat.rows)
      problems.push(`table ${stat.name} has ${other.rows} rows, not ${stat.rows}`);
    else if (other.checksum !== stat.checksum) problems.push(`table ${stat.name}'s rows differ (checksum)`);
    found.delete(stat.name);
  }
  for (const name of found.keys()) problems.push(`table ${name} is not in the backup`);
  return problems;
}
