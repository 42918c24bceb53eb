/** CSV for PostgreSQL's COPY … WITH (FORMAT csv): null is an empty unquoted field. */
export type CsvValue =
  string | number | boolean | Date | null | undefined | readonly string[] | readonly number[];

function arrayLiteral(values: readonly (string | number)[]): string {
  return `{${values.map((v) => (typeof v === 'number' ? String(v) : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
}

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text =
    value instanceof Date ? value.toISOString() : Array.isArray(value) ? arrayLiteral(value) : String(value);
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\n`;
}
