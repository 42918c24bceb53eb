/**
 * A small, defensive ZIP reader for 3MF packages: the central directory is read (so entries written with
 * data descriptors, whose local headers carry no sizes, are read correctly), ZIP64 sizes and offsets are
 * understood, and entries are stored (method 0) or deflated (method 8, inflated by node:zlib).
 *
 * Zip bombs are stopped before they cost memory: the number of entries, the total uncompressed bytes
 * (declared, and actually produced: `inflateRawSync` gets a `maxOutputLength`, so an entry that expands
 * past its declared size stops there) and the compression ratio of large entries are limited. Every
 * problem is a `GeometryError` ('too_large' for a limit, 'truncated' or 'malformed' otherwise).
 */
import { crc32, inflateRawSync } from 'node:zlib';

import { GeometryError } from './mesh';

export interface ZipLimits {
  /** Most entries in the archive (default 10,000). */
  maxEntries?: number;
  /** Most uncompressed bytes, all entries together (default 512 MiB). */
  maxTotalBytes?: number;
  /** Highest uncompressed/compressed ratio of an entry larger than 1 MiB (default 200). */
  maxRatio?: number;
}

export const defaultZipLimits: Required<ZipLimits> = {
  maxEntries: 10_000,
  maxTotalBytes: 512 * 1024 * 1024,
  maxRatio: 200,
};

/** Entries smaller than this are not held to the ratio limit (tiny files compress extremely well). */
const ratioFloor = 1024 * 1024;

export interface ZipEntry {
  /** The name as stored, e.g. `3D/3dmodel.model`. */
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export interface ZipArchive {
  entries: ZipEntry[];
  /** The entry of that name (a leading `/` and letter case ignored, as in OPC part names). */
  find(name: string): ZipEntry | undefined;
  /** The entry's uncompressed bytes, checked against the limits and its CRC. */
  read(entry: ZipEntry): Uint8Array;
}

const fail = (code: 'malformed' | 'truncated' | 'too_large', message: string): never => {
  throw new GeometryError(code, `ZIP: ${message}`);
};

const endOfDirectory = 0x06054b50;
const zip64Locator = 0x07064b50;
const zip64EndOfDirectory = 0x06064b50;
const directoryEntry = 0x02014b50;
const localHeader = 0x04034b50;

export const zipEntryKey = (name: string) => name.replace(/^\/+/, '').toLowerCase();

export function openZip(bytes: Uint8Array, options: ZipLimits = {}): ZipArchive {
  const limits = { ...defaultZipLimits, ...options };
  if (bytes.length === 0) throw new GeometryError('empty', 'ZIP: the file is empty');
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(bytes, data);
  let count = data.getUint16(end + 10, true);
  let directorySize = data.getUint32(end + 12, true);
  let directoryOffset = data.getUint32(end + 16, true);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const locator = end - 20;
    if (locator >= 0 && data.getUint32(locator, true) === zip64Locator) {
      const at = safeNumber(data.getBigUint64(locator + 8, true), 'the ZIP64 directory offset');
      if (at + 56 > bytes.length || data.getUint32(at, true) !== zip64EndOfDirectory)
        fail('malformed', 'the ZIP64 end of central directory record is missing');
      count = safeNumber(data.getBigUint64(at + 32, true), 'the entry count');
      directorySize = safeNumber(data.getBigUint64(at + 40, true), 'the central directory size');
      directoryOffset = safeNumber(data.getBigUint64(at + 48, true), 'the central directory offset');
    }
  }
  if (count > limits.maxEntries)
    fail('too_large', `${count} entries, more than the limit of ${limits.maxEntries}`);
  if (directoryOffset + directorySize > bytes.length)
    fail(
      'truncated',
      `the central directory (bytes ${directoryOffset}-${directoryOffset + directorySize}) is past the end of the ${bytes.length}-byte file`,
    );

  const entries: ZipEntry[] = [];
  const byKey = new Map<string, ZipEntry>();
  let declaredTotal = 0;
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || data.getUint32(at, true) !== directoryEntry)
      fail('malformed', `central directory entry ${i + 1} of ${count} is missing or damaged`);
    const flags = data.getUint16(at + 8, true);
    const method = data.getUint16(at + 10, true);
    const nameLength = data.getUint16(at + 28, true);
    const extraLength = data.getUint16(at + 30, true);
    const commentLength = data.getUint16(at + 32, true);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > bytes.length) fail('truncated', `central directory entry ${i + 1} is cut short`);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const entry: ZipEntry = {
      name,
      method,
      crc: data.getUint32(at + 16, true),
      compressedSize: data.getUint32(at + 20, true),
      uncompressedSize: data.getUint32(at + 24, true),
      localHeaderOffset: data.getUint32(at + 42, true),
    };
    readZip64Extra(data, at + 46 + nameLength, extraLength, entry);
    if (flags & 1) fail('malformed', `"${clip(name)}" is encrypted`);
    if (method !== 0 && method !== 8)
      fail(
        'malformed',
        `"${clip(name)}" uses compression method ${method} (only stored and deflate are read)`,
      );
    if (method === 0 && entry.compressedSize !== entry.uncompressedSize)
      fail('malformed', `"${clip(name)}" is stored but its two sizes differ`);
    declaredTotal += entry.uncompressedSize;
    if (declaredTotal > limits.maxTotalBytes)
      fail(
        'too_large',
        `the entries declare more than ${limits.maxTotalBytes} bytes uncompressed (the limit; a zip bomb?)`,
      );
    const key = zipEntryKey(name);
    if (byKey.has(key)) fail('malformed', `two entries are named "${clip(name)}"`);
    byKey.set(key, entry);
    entries.push(entry);
    at = next;
  }

  let produced = 0;
  return {
    entries,
    find: (name) => byKey.get(zipEntryKey(name)),
    read(entry) {
      const start = dataStart(bytes, data, entry);
      const compressed = bytes.subarray(start, start + entry.compressedSize);
      const name = clip(entry.name);
      if (
        entry.uncompressedSize > ratioFloor &&
        entry.uncompressedSize > limits.maxRatio * entry.compressedSize
      )
        fail(
          'too_large',
          `"${name}" expands ${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))} times (more than ${limits.maxRatio}; a zip bomb?)`,
        );
      if (produced + entry.uncompressedSize > limits.maxTotalBytes)
        fail(
          'too_large',
          `reading "${name}" would pass the limit of ${limits.maxTotalBytes} uncompressed bytes`,
        );
      let output: Uint8Array;
      if (entry.method === 0) output = compressed;
      else {
        try {
          // One byte more than declared: an entry that expands further is caught without inflating it all.
          const inflated = inflateRawSync(compressed, { maxOutputLength: entry.uncompressedSize + 1 });
          output = new Uint8Array(inflated.buffer, inflated.byteOffset, inflated.byteLength);
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'ERR_BUFFER_TOO_LARGE')
            return fail(
              'too_large',
              `"${name}" expands past its declared ${entry.uncompressedSize} bytes (a zip bomb?)`,
            );
          return fail('malformed', `"${name}" is not valid deflate data (${code ?? 'corrupt'})`);
        }
        if (output.length !== entry.uncompressedSize)
          fail(
            output.length > entry.uncompressedSize ? 'too_large' : 'malformed',
            `"${name}" expands to ${output.length} bytes, its header says ${entry.uncompressedSize}`,
          );
      }
      produced += output.length;
      if (crc32(output) >>> 0 !== entry.crc >>> 0)
        fail('malformed', `"${name}" fails its CRC check (corrupt)`);
      return output;
    },
  };
}

function findEndOfDirectory(bytes: Uint8Array, data: DataView): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--)
    if (
      data.getUint32(at, true) === endOfDirectory &&
      at + 22 + data.getUint16(at + 20, true) <= bytes.length
    )
      return at;
  if (bytes.length >= 4 && data.getUint32(0, true) === localHeader)
    return fail('truncated', 'the archive is cut short (its central directory is missing)');
  return fail('malformed', 'not a ZIP archive (no end of central directory record)');
}

/** The ZIP64 extended information extra field (0x0001) holds the sizes and offset that did not fit. */
function readZip64Extra(data: DataView, start: number, length: number, entry: ZipEntry) {
  for (let at = start; at + 4 <= start + length;) {
    const id = data.getUint16(at, true);
    const size = data.getUint16(at + 2, true);
    const fieldEnd = at + 4 + size;
    if (fieldEnd > start + length) fail('malformed', `"${clip(entry.name)}" has a damaged extra field`);
    if (id === 0x0001) {
      let p = at + 4;
      const take = (what: string) => {
        if (p + 8 > fieldEnd) return fail('malformed', `"${clip(entry.name)}" has a short ZIP64 field`);
        const value = safeNumber(data.getBigUint64(p, true), what);
        p += 8;
        return value;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = take('an uncompressed size');
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = take('a compressed size');
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = take('an entry offset');
    }
    at = fieldEnd;
  }
}

function dataStart(bytes: Uint8Array, data: DataView, entry: ZipEntry): number {
  const at = entry.localHeaderOffset;
  const name = clip(entry.name);
  if (at + 30 > bytes.length || data.getUint32(at, true) !== localHeader)
    fail('malformed', `the local header of "${name}" is missing or damaged`);
  const start = at + 30 + data.getUint16(at + 26, true) + data.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.length)
    fail(
      'truncated',
      `"${name}" needs ${entry.compressedSize} bytes from byte ${start}, the file has ${bytes.length}`,
    );
  return start;
}

function safeNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) return fail('malformed', `${what} is impossibly large`);
  return Number(value);
}

const clip = (name: string) => (name.length > 80 ? `${name.slice(0, 77)}...` : name);
