import { formatFileSize } from '@/lib/file-size';

/** A file size for people: the site's one formatter, so an attachment reads as on every other page. */
export function fileSizeText(bytes: number, tag: string): string {
  return formatFileSize(bytes, tag);
}
