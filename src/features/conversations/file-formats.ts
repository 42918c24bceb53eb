import { fileFormats } from '@/features/catalog/api';

/** The formats a buyer may ask a designer for: the listing's formats the model does not come in. */
export function missingFormats(modelFormats: readonly string[]): string[] {
  const has = new Set(modelFormats.map((format) => format.toLowerCase()));
  return fileFormats.filter((format) => !has.has(format));
}
