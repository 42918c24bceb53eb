/**
 * USDZ for iOS AR Quick Look ("View in your room"): a ZIP package whose one entry, `model.usda`, is a
 * text USD stage holding the mesh under a `Model` prim with a plain grey UsdPreviewSurface material.
 *
 * Axes and unit are those of AR Quick Look, as in the GLB writer: +Y up, metres, so (x, y, z) in
 * millimetres, +Z up, is written as (x, z, −y) × 0.001 — a rotation, so the winding (counter-clockwise
 * from outside) stays right-handed. No normals: USD renders a polygonal mesh without them faceted, which
 * suits printable parts.
 *
 * The USDZ specification wants the package uncompressed and every entry's data 64-byte aligned (so it
 * can be memory-mapped), which the generic ZIP writer does not do; the archive is written here instead,
 * stored, with the local header's extra field as padding. Timestamps are fixed (1980-01-01 00:00), so the
 * same mesh and name give the same bytes. No ZIP64 is needed: a JavaScript string, and so the text, is
 * far below 4 GiB.
 */
import { assertWritable, boundsOf, oneLineName, yUpMetres, type IndexedMesh } from './indexed-mesh';

const entryName = 'model.usda';
const alignment = 64;
const localHeader = 0x04034b50;
const directoryEntry = 0x02014b50;
const endOfDirectory = 0x06054b50;
const versionNeeded = 10; // 1.0: stored, no folders
const dosTime = 0;
const dosDate = (0 << 9) | (1 << 5) | 1; // 1980-01-01
const paddingField = 0x1986; // the id Pixar's and Apple's usdzip give their padding

export function writeUsdz(mesh: IndexedMesh, name: string): Uint8Array<ArrayBuffer> {
  assertWritable(mesh, 'USDZ');
  return storedZip(entryName, new TextEncoder().encode(usdaText(mesh, name)));
}

function usdaText({ positions, triangles }: IndexedMesh, name: string): string {
  const points = yUpMetres(positions);
  const { min, max } = boundsOf(points);
  const parts = [
    '#usda 1.0\n',
    '(\n',
    '    defaultPrim = "Model"\n',
    `    doc = "${escapeUsdString(oneLineName(name))}"\n`,
    '    metersPerUnit = 1\n',
    '    upAxis = "Y"\n',
    ')\n',
    '\n',
    'def Xform "Model" (\n',
    '    kind = "component"\n',
    ')\n',
    '{\n',
    '    def Mesh "Mesh" (\n',
    '        prepend apiSchemas = ["MaterialBindingAPI"]\n',
    '    )\n',
    '    {\n',
    `        float3[] extent = [${vector(min, 0)}, ${vector(max, 0)}]\n`,
    `        int[] faceVertexCounts = [${'3, '.repeat(triangles.length / 3 - 1)}3]\n`,
    `        int[] faceVertexIndices = [${triangles.join(', ')}]\n`,
    '        rel material:binding = </Model/Material>\n',
    '        uniform token orientation = "rightHanded"\n',
    '        point3f[] points = [',
  ];
  for (let i = 0; i < points.length; i += 3) parts.push(i === 0 ? '' : ', ', vector(points, i));
  parts.push(
    ']\n',
    '        uniform token subdivisionScheme = "none"\n',
    '    }\n',
    '\n',
    '    def Material "Material"\n',
    '    {\n',
    '        token outputs:surface.connect = </Model/Material/PreviewSurface.outputs:surface>\n',
    '\n',
    '        def Shader "PreviewSurface"\n',
    '        {\n',
    '            uniform token info:id = "UsdPreviewSurface"\n',
    '            color3f inputs:diffuseColor = (0.8, 0.8, 0.82)\n',
    '            float inputs:metallic = 0\n',
    '            float inputs:roughness = 0.6\n',
    '            token outputs:surface\n',
    '        }\n',
    '    }\n',
    '}\n',
  );
  return parts.join('');
}

const vector = (values: ArrayLike<number>, at: number) =>
  `(${formatFloat(values[at]!)}, ${formatFloat(values[at + 1]!)}, ${formatFloat(values[at + 2]!)})`;

/**
 * A 32-bit float as the shortest decimal that reads back as the same float (at most 9 significant
 * digits, where `String` would print the 17 of the double, e.g. 0.009999999776482582 for 0.01), `0` for ±0.
 */
function formatFloat(value: number): string {
  const single = Math.fround(value);
  if (single === 0) return '0';
  for (let digits = 1; digits < 9; digits++) {
    const decimal = Number(single.toPrecision(digits));
    if (Math.fround(decimal) === single) return String(decimal);
  }
  return String(Number(single.toPrecision(9)));
}

/** Text for a USD string literal (`oneLineName` has already removed the control characters). */
const escapeUsdString = (text: string) => text.replace(/["\\]/g, (char) => `\\${char}`);

/** A ZIP archive of one stored entry whose data starts on a 64-byte boundary. */
function storedZip(name: string, data: Uint8Array): Uint8Array<ArrayBuffer> {
  const nameBytes = new TextEncoder().encode(name);
  const headerEnd = 30 + nameBytes.length + 4; // the padding field's id and length are 4 bytes
  const padding = (alignment - (headerEnd % alignment)) % alignment;
  const dataOffset = headerEnd + padding;
  const directoryOffset = dataOffset + data.length;
  const directorySize = 46 + nameBytes.length;
  const bytes = new Uint8Array(directoryOffset + directorySize + 22);
  const view = new DataView(bytes.buffer);
  const crc = crc32(data);
  const common = (at: number) => {
    view.setUint16(at, versionNeeded, true);
    // General purpose flags (no encryption, no data descriptor) and method (stored) stay zero.
    view.setUint16(at + 6, dosTime, true);
    view.setUint16(at + 8, dosDate, true);
    view.setUint32(at + 10, crc, true);
    view.setUint32(at + 14, data.length, true);
    view.setUint32(at + 18, data.length, true);
    view.setUint16(at + 22, nameBytes.length, true);
  };
  view.setUint32(0, localHeader, true);
  common(4);
  view.setUint16(28, 4 + padding, true);
  bytes.set(nameBytes, 30);
  view.setUint16(30 + nameBytes.length, paddingField, true);
  view.setUint16(32 + nameBytes.length, padding, true);
  bytes.set(data, dataOffset);

  let at = directoryOffset;
  view.setUint32(at, directoryEntry, true);
  view.setUint16(at + 4, versionNeeded, true); // made by: MS-DOS, 1.0
  common(at + 6);
  // The padding only matters in front of the data, so the directory entry has no extra field; its
  // comment length, disk number, attributes and the local header's offset (0) are zero.
  bytes.set(nameBytes, at + 46);
  at += directorySize;
  view.setUint32(at, endOfDirectory, true);
  view.setUint16(at + 8, 1, true);
  view.setUint16(at + 10, 1, true);
  view.setUint32(at + 12, directorySize, true);
  view.setUint32(at + 16, directoryOffset, true);
  return bytes;
}

let crcTable: Uint32Array | undefined;

/** CRC-32 (ISO-HDLC, the ZIP one), by the usual 256-entry table. */
function crc32(data: Uint8Array): number {
  crcTable ??= makeCrcTable();
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++) crc = crcTable[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function makeCrcTable(): Uint32Array {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
}
