/**
 * Every table's row count and, per column, an md5 of that column's values in primary-key order: taken
 * on an old release's database (the upgrade fixture's manifest) and again after the current migrations
 * ran on it. Per column, so a migration that adds columns leaves the old ones comparable, and a change
 * is reported by table and column. Values are read as text under the fixed settings of `statSettings`
 * (time zone, date and float formats), so the same rows give the same sums on any server.
 */
import { statSettings } from '@/ops/backup/table-stats';
import type { DatabaseHandle } from '@/server/db/client';

export interface ColumnContent {
  name: string;
  /** `format_type()` of the column, e.g. `timestamp with time zone`. */
  type: string;
  /** md5 of the column's values (`quote_nullable(value::text)`, one a line) in the table's row order. */
  md5: string;
}

export interface TableContent {
  /** `schema.table` */
  name: string;
  rows: number;
  /** The columns the rows are ordered by: the primary key, else every column (the row's text). */
  orderBy: string[];
  columns: ColumnContent[];
}

type Query = <T>(sqlText: string, params?: unknown[]) => Promise<T[]>;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** `schema.table` → its quoted form. */
export function quoteTable(name: string): string {
  const [schema, table] = name.split(/\.(.*)/s) as [string, string];
  return `${quoteIdent(schema)}.${quoteIdent(table)}`;
}

async function listTables(query: Query): Promise<string[]> {
  const rows = await query<{ name: string }>(
    `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
     ORDER BY table_schema, table_name`,
  );
  return rows.map((row) => row.name);
}

async function columnsOf(query: Query, table: string): Promise<{ name: string; type: string }[]> {
  return query<{ name: string; type: string }>(
    `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
     WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
    [quoteTable(table)],
  );
}

async function primaryKeyOf(query: Query, table: string): Promise<string[]> {
  const rows = await query<{ name: string }>(
    `SELECT a.attname AS name FROM pg_index i
     CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, position)
     JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
     WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY k.position`,
    [quoteTable(table)],
  );
  return rows.map((row) => row.name);
}

/**
 * One table's content over `columns` (all of its columns when omitted), ordered by `orderBy` (its
 * primary key, or the text of the compared columns when it has none).
 */
export async function tableContent(
  query: Query,
  table: string,
  only?: { columns: string[]; orderBy: string[] },
): Promise<TableContent> {
  const all = await columnsOf(query, table);
  const columns = only ? all.filter((column) => only.columns.includes(column.name)) : all;
  const orderBy = only?.orderBy ?? (await primaryKeyOf(query, table));
  const order = orderBy.length
    ? orderBy.map(quoteIdent).join(', ')
    : `ROW(${columns.map((column) => `t.${quoteIdent(column.name)}`).join(', ')})::text`;
  const sums = columns.map(
    (column, index) =>
      `md5(coalesce(string_agg(quote_nullable(t.${quoteIdent(column.name)}::text), E'\\n' ORDER BY ${order}), '')) AS c${index}`,
  );
  const [row] = await query<Record<string, string>>(
    `SELECT count(*)::text AS rows${sums.map((sum) => `, ${sum}`).join('')} FROM ${quoteTable(table)} AS t`,
  );
  return {
    name: table,
    rows: Number(row!.rows),
    orderBy,
    columns: columns.map((column, index) => ({ ...column, md5: row![`c${index}`]! })),
  };
}

/** Every table's content (the `drizzle` schema's migration log included), in one transaction. */
export async function databaseContents(handle: DatabaseHandle): Promise<TableContent[]> {
  return handle.transaction(async (tx) => {
    for (const setting of statSettings) await tx.exec(setting);
    const contents: TableContent[] = [];
    for (const table of await listTables(tx.query)) contents.push(await tableContent(tx.query, table));
    return contents;
  });
}

/** The same tables, columns and row order as `expected`, read from `handle` (an upgraded database). */
export async function contentsLike(
  handle: DatabaseHandle,
  expected: TableContent[],
): Promise<Map<string, TableContent | null>> {
  return handle.transaction(async (tx) => {
    for (const setting of statSettings) await tx.exec(setting);
    const present = new Set(await listTables(tx.query));
    const found = new Map<string, TableContent | null>();
    for (const table of expected) {
      found.set(
        table.name,
        present.has(table.name)
          ? await tableContent(tx.query, table.name, {
              columns: table.columns.map((column) => column.name),
              orderBy: table.orderBy,
            })
          : null,
      );
    }
    return found;
  });
}
