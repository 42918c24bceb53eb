/** A file size for people: "1.2 MB". */
export function fileSizeText(bytes: number, tag: string): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  try {
    return `${new Intl.NumberFormat(tag, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
  } catch {
    return `${value.toFixed(digits)} ${units[unit]}`;
  }
}
