import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { GeometryError } from './mesh';
import { openZip, type ZipLimits } from './zip';

interface TestEntry {
  name: string;
  data: Uint8Array;
  /** Deflate (default) or store. */
  method?: 0 | 8;
  /** Compressed bytes to write instead of compressing `data` (a hand-made stream). */
  raw?: Uint8Array;
  /** The uncompressed size to declare instead of `data.length`. */
  declared?: number;
  /** Sizes and CRC after the data (flag bit 3), zeros in the local header. */
  descriptor?: boolean;
  /** Sizes in a ZIP64 extra field. */
  zip64?: boolean;
}

/** A small ZIP writer for the tests. */
function writeZip(entries: TestEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  const push = (bytes: Uint8Array) => {
    parts.push(bytes);
    offset += bytes.length;
  };
  for (const entry of entries) {
    const method = entry.method ?? 8;
    const payload = entry.raw ?? (method === 8 ? deflateRawSync(entry.data) : entry.data);
    const name = new TextEncoder().encode(entry.name);
    const crc = crc32(entry.data);
    const size = entry.declared ?? entry.data.length;
    const flags = entry.descriptor ? 8 : 0;
    const extra = new Uint8Array(entry.zip64 ? 20 : 0);
    if (entry.zip64) {
      const view = new DataView(extra.buffer);
      view.setUint16(0, 1, true);
      view.setUint16(2, 16, true);
      view.setBigUint64(4, BigInt(size), true);
      view.setBigUint64(12, BigInt(payload.length), true);
    }
    const at = offset;
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, flags, true);
    local.setUint16(8, method, true);
    if (!entry.descriptor) {
      local.setUint32(14, crc, true);
      local.setUint32(18, entry.zip64 ? 0xffffffff : payload.length, true);
      local.setUint32(22, entry.zip64 ? 0xffffffff : size, true);
    }
    local.setUint16(26, name.length, true);
    push(new Uint8Array(local.buffer));
    push(name);
    push(payload);
    if (entry.descriptor) {
      const descriptor = new DataView(new ArrayBuffer(16));
      descriptor.setUint32(0, 0x08074b50, true);
      descriptor.setUint32(4, crc, true);
      descriptor.setUint32(8, payload.length, true);
      descriptor.setUint32(12, size, true);
      push(new Uint8Array(descriptor.buffer));
    }
    const record = new DataView(new ArrayBuffer(46));
    record.setUint32(0, 0x02014b50, true);
    record.setUint16(4, 20, true);
    record.setUint16(6, 20, true);
    record.setUint16(8, flags, true);
    record.setUint16(10, method, true);
    record.setUint32(16, crc, true);
    record.setUint32(20, entry.zip64 ? 0xffffffff : payload.length, true);
    record.setUint32(24, entry.zip64 ? 0xffffffff : size, true);
    record.setUint16(28, name.length, true);
    record.setUint16(30, extra.length, true);
    record.setUint32(42, at, true);
    central.push(new Uint8Array(record.buffer), name, extra);
  }
  const directoryAt = offset;
  for (const bytes of central) push(bytes);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, offset - directoryAt, true);
  end.setUint32(16, directoryAt, true);
  push(new Uint8Array(end.buffer));
  const out = new Uint8Array(offset);
  let at = 0;
  for (const bytes of parts) {
    out.set(bytes, at);
    at += bytes.length;
  }
  return out;
}

/**
 * A raw deflate stream of `units` × 13 bytes that expands to 1 + 258 × (1 + 8 × units) zero bytes (about
 * 159 times its size, without ever being finished): one fixed-Huffman block, a literal 0 and then
 * "copy 258 bytes from distance 1" over and over. After the first 3 bytes the bits repeat every 13 bytes
 * (8 copies of 13 bits), so the stream is built by repeating them rather than by compressing gigabytes.
 */
function deflateBomb(units: number): Uint8Array {
  const bits: number[] = [];
  const write = (value: number, count: number) => {
    for (let k = 0; k < count; k++) bits.push((value >> k) & 1);
  };
  const code = (value: number, count: number) => {
    for (let k = count - 1; k >= 0; k--) bits.push((value >> k) & 1);
  };
  write(0, 1); // not the final block
  write(1, 2); // fixed Huffman codes
  code(0x30, 8); // literal 0
  const copy = () => {
    code(0xc5, 8); // length code 285: 258 bytes
    code(0, 5); // distance code 0: distance 1
  };
  copy(); // 24 bits so far: byte-aligned
  for (let k = 0; k < 8; k++) copy();
  const bytes = new Uint8Array(bits.length / 8);
  bits.forEach((bit, i) => (bytes[i >> 3]! |= bit << (i & 7)));
  const out = new Uint8Array(3 + 13 * units);
  out.set(bytes.subarray(0, 3));
  out.set(bytes.subarray(3, 16), 3);
  for (let filled = 13; filled < 13 * units; filled *= 2)
    out.copyWithin(3 + filled, 3, 3 + Math.min(filled, 13 * units - filled));
  return out;
}

const text = (value: string) => new TextEncoder().encode(value);

const errorOf = (bytes: Uint8Array, name: string, limits?: ZipLimits) => {
  try {
    const zip = openZip(bytes, limits);
    zip.read(zip.find(name)!);
  } catch (error) {
    return error instanceof GeometryError ? `${error.code}: ${error.message}` : error;
  }
  return null;
};

describe('ZIP reader', () => {
  it('reads stored and deflated entries, data descriptors and ZIP64 sizes, names without case or "/"', () => {
    const model = text('<model>' + 'x'.repeat(5000) + '</model>');
    const zip = openZip(
      writeZip([
        { name: '[Content_Types].xml', data: text('<Types/>'), method: 0 },
        { name: '3D/3dmodel.model', data: model, descriptor: true },
        { name: 'Metadata/big.bin', data: model, zip64: true },
      ]),
    );
    expect(zip.entries.map((e) => e.name)).toEqual([
      '[Content_Types].xml',
      '3D/3dmodel.model',
      'Metadata/big.bin',
    ]);
    expect(new TextDecoder().decode(zip.read(zip.find('[content_types].xml')!))).toBe('<Types/>');
    expect(zip.read(zip.find('/3D/3DModel.model')!)).toEqual(model);
    expect(zip.find('Metadata/big.bin')).toMatchObject({ uncompressedSize: model.length });
    expect(zip.read(zip.find('Metadata/big.bin')!)).toEqual(model);
  });

  it('builds its zip bomb lazily: 2 MB of deflate that expands past 300 MB', () => {
    const bomb = deflateBomb(160_000);
    expect(bomb.length).toBeLessThan(2_100_000);
    // The stream is real: inflating it only stops at the limit given.
    expect(() => inflateRawSync(bomb, { maxOutputLength: 10_000_000 })).toThrow(
      expect.objectContaining({ code: 'ERR_BUFFER_TOO_LARGE' }),
    );
    expect(1 + 258 * (1 + 8 * 160_000)).toBeGreaterThan(300_000_000);
  });

  it('stops zip bombs: declared sizes, the ratio, and entries that expand past their declared size', () => {
    const bomb = deflateBomb(160_000);
    const data = new Uint8Array(0);
    // Several gigabytes declared (ZIP64): refused from the central directory, nothing inflated.
    expect(errorOf(writeZip([{ name: 'a', data, raw: bomb, declared: 6e9, zip64: true }]), 'a')).toBe(
      'too_large: ZIP: the entries declare more than 536870912 bytes uncompressed (the limit; a zip bomb?)',
    );
    // 500 MB declared, under the total: refused for its ratio.
    const ratio = Math.round(500_000_000 / bomb.length);
    expect(errorOf(writeZip([{ name: 'a', data, raw: bomb, declared: 500_000_000 }]), 'a')).toBe(
      `too_large: ZIP: "a" expands ${ratio} times (more than 200; a zip bomb?)`,
    );
    // A lie: 1,000 bytes declared, the stream goes on for hundreds of megabytes; inflating stops at 1,001.
    const started = performance.now();
    expect(errorOf(writeZip([{ name: 'a', data, raw: bomb, declared: 1000 }]), 'a')).toBe(
      'too_large: ZIP: "a" expands past its declared 1000 bytes (a zip bomb?)',
    );
    expect(performance.now() - started).toBeLessThan(1000);
    // The limits are parameters: total bytes and entry count.
    const small = writeZip([
      { name: 'a', data: new Uint8Array(600) },
      { name: 'b', data: new Uint8Array(600) },
    ]);
    expect(errorOf(small, 'a', { maxTotalBytes: 1000 })).toMatch(
      /^too_large: ZIP: the entries declare more than 1000/,
    );
    expect(errorOf(small, 'a', { maxEntries: 1 })).toBe(
      'too_large: ZIP: 2 entries, more than the limit of 1',
    );
    expect(errorOf(small, 'a', { maxTotalBytes: 1200 })).toBeNull();
  });

  it('names the problem of a truncated, corrupt or unsupported archive', () => {
    const zip = writeZip([
      { name: '3D/3dmodel.model', data: text('<model>' + 'abc'.repeat(300) + '</model>') },
    ]);
    expect(errorOf(new Uint8Array(), 'a')).toBe('empty: ZIP: the file is empty');
    expect(errorOf(zip.subarray(0, 40), 'a')).toBe(
      'truncated: ZIP: the archive is cut short (its central directory is missing)',
    );
    expect(errorOf(text('solid cube\nendsolid'), 'a')).toBe(
      'malformed: ZIP: not a ZIP archive (no end of central directory record)',
    );
    const stored = writeZip([{ name: 'a.model', data: text('<model/>'), method: 0 }]);
    const corrupt = stored.slice();
    corrupt[30 + 7 + 3] = 0x58; // <mXdel/>
    expect(errorOf(corrupt, 'a.model')).toBe('malformed: ZIP: "a.model" fails its CRC check (corrupt)');
    const inflated = zip.slice();
    inflated[30 + 16 + 5] = 255 - inflated[30 + 16 + 5]!;
    expect(errorOf(inflated, '3D/3dmodel.model')).toBeTypeOf('string');
    const encrypted = zip.slice();
    encrypted[zip.length - 22 - 46 - 16 + 8] = 1;
    expect(errorOf(encrypted, '3D/3dmodel.model')).toBe('malformed: ZIP: "3D/3dmodel.model" is encrypted');
    const bzip2 = zip.slice();
    bzip2[zip.length - 22 - 46 - 16 + 10] = 12;
    expect(errorOf(bzip2, '3D/3dmodel.model')).toBe(
      'malformed: ZIP: "3D/3dmodel.model" uses compression method 12 (only stored and deflate are read)',
    );
    expect(
      errorOf(
        writeZip([
          { name: 'a', data: text('1') },
          { name: 'A', data: text('2') },
        ]),
        'a',
      ),
    ).toBe('malformed: ZIP: two entries are named "A"');
  });
});
