/**
 * A small ZIP writer for the 3MF exporter, the counterpart of `zip.ts`: local headers, the data
 * (deflated by node:zlib, or stored when deflate does not make it smaller), the central directory and
 * its end record. Timestamps are fixed (1980-01-01 00:00, the earliest DOS time) and nothing else
 * depends on the clock, so the same entries always give the same bytes. No ZIP64: an archive past 4 GiB
 * or 65,535 entries is refused (a 3MF of the catalogue's meshes is a few megabytes).
 *
 * CRC-32 comes from node:zlib (`crc32`, Node ≥ 20.15; the project needs ≥ 20.19), as in the reader.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipInput {
  /** The entry's name inside the archive, e.g. `3D/3dmodel.model` (ASCII, forward slashes). */
  name: string;
  data: Uint8Array;
}

const localHeader = 0x04034b50;
const directoryEntry = 0x02014b50;
const endOfDirectory = 0x06054b50;
const versionNeeded = 20; // 2.0: deflate
const dosTime = 0;
const dosDate = (0 << 9) | (1 << 5) | 1; // 1980-01-01
const utf8Names = 1 << 11;
const limit = 0xffffffff;

interface Packed {
  name: Uint8Array;
  method: 0 | 8;
  crc: number;
  size: number;
  body: Uint8Array;
  offset: number;
}

export function writeZip(entries: readonly ZipInput[]): Uint8Array<ArrayBuffer> {
  if (entries.length > 0xffff) throw new RangeError(`ZIP: ${entries.length} entries need ZIP64`);
  const packed: Packed[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const deflated = deflateRawSync(data, { level: 6 });
    const method = deflated.length < data.length ? 8 : 0;
    const body = method === 8 ? new Uint8Array(deflated.buffer, deflated.byteOffset, deflated.length) : data;
    const entry: Packed = {
      name: new TextEncoder().encode(name),
      method,
      crc: crc32(data) >>> 0,
      size: data.length,
      body,
      offset,
    };
    if (entry.size >= limit || offset >= limit) throw new RangeError(`ZIP: "${name}" needs ZIP64`);
    packed.push(entry);
    offset += 30 + entry.name.length + body.length;
  }
  const directoryOffset = offset;
  const directorySize = packed.reduce((sum, entry) => sum + 46 + entry.name.length, 0);
  if (directoryOffset + directorySize >= limit) throw new RangeError('ZIP: the archive needs ZIP64');
  const bytes = new Uint8Array(directoryOffset + directorySize + 22);
  const view = new DataView(bytes.buffer);
  const common = (at: number, entry: Packed) => {
    view.setUint16(at, versionNeeded, true);
    view.setUint16(at + 2, utf8Names, true);
    view.setUint16(at + 4, entry.method, true);
    view.setUint16(at + 6, dosTime, true);
    view.setUint16(at + 8, dosDate, true);
    view.setUint32(at + 10, entry.crc, true);
    view.setUint32(at + 14, entry.body.length, true);
    view.setUint32(at + 18, entry.size, true);
    view.setUint16(at + 22, entry.name.length, true);
  };
  for (const entry of packed) {
    const at = entry.offset;
    view.setUint32(at, localHeader, true);
    common(at + 4, entry);
    bytes.set(entry.name, at + 30);
    bytes.set(entry.body, at + 30 + entry.name.length);
  }
  let at = directoryOffset;
  for (const entry of packed) {
    view.setUint32(at, directoryEntry, true);
    view.setUint16(at + 4, versionNeeded, true); // made by: MS-DOS, 2.0
    common(at + 6, entry);
    // Extra and comment lengths, disk number, attributes: zero (the buffer starts zeroed).
    view.setUint32(at + 42, entry.offset, true);
    bytes.set(entry.name, at + 46);
    at += 46 + entry.name.length;
  }
  view.setUint32(at, endOfDirectory, true);
  view.setUint16(at + 8, packed.length, true);
  view.setUint16(at + 10, packed.length, true);
  view.setUint32(at + 12, directorySize, true);
  view.setUint32(at + 16, directoryOffset, true);
  return bytes;
}
