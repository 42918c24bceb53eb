/**
 * A file's size for people, in the visitor's language (steps of 1024): '684 bytes', '684 Byte',
 * '684 octets'; '4.5 kB', '4,5 ko', '13 kB', '5 MB'. Bytes are spelt out (the short form is "byte" in
 * English), the larger units use their short symbols; Intl knows both for every locale.
 */
export function formatFileSize(bytes: number, languageTag: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(languageTag, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 || value >= 10 ? 0 : 1,
  }).format(value);
}
