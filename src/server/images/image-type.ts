/** The picture's type from its first bytes (never its name or declared type), or null. */
export function sniffImageType(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | null {
  const starts = (signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}
