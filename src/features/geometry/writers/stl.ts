/**
 * Binary STL: an 80-byte header naming the object (ASCII, starting with "Meshbay", never with
 * "solid", which some readers take for an ASCII STL), the triangle count, then per triangle its unit
 * facet normal (computed in double precision from the corners; zero for a degenerate triangle), the
 * three corners as float32 millimetres and a zero attribute word.
 */
import { assertWritable, oneLineName, type IndexedMesh } from './indexed-mesh';

const headerBytes = 80;
const recordBytes = 50;

export function writeStl(mesh: IndexedMesh, name: string): Uint8Array<ArrayBuffer> {
  assertWritable(mesh, 'STL');
  const { positions: p, triangles: t } = mesh;
  const count = t.length / 3;
  const bytes = new Uint8Array(headerBytes + 4 + recordBytes * count);
  const view = new DataView(bytes.buffer);
  bytes.set(headerText(name));
  view.setUint32(headerBytes, count, true);
  for (let f = 0; f < count; f++) {
    const a = t[f * 3]! * 3;
    const b = t[f * 3 + 1]! * 3;
    const c = t[f * 3 + 2]! * 3;
    const ux = p[b]! - p[a]!,
      uy = p[b + 1]! - p[a + 1]!,
      uz = p[b + 2]! - p[a + 2]!;
    const vx = p[c]! - p[a]!,
      vy = p[c + 1]! - p[a + 1]!,
      vz = p[c + 2]! - p[a + 2]!;
    const nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    const length = Math.hypot(nx, ny, nz);
    const at = headerBytes + 4 + f * recordBytes;
    if (length > 0) {
      view.setFloat32(at, nx / length, true);
      view.setFloat32(at + 4, ny / length, true);
      view.setFloat32(at + 8, nz / length, true);
    }
    let corner = at + 12;
    for (const v of [a, b, c])
      for (let k = 0; k < 3; k++, corner += 4) view.setFloat32(corner, p[v + k]!, true);
  }
  return bytes;
}

/** "Meshbay: <name>" in printable ASCII (accents dropped, other characters as "?"), zero-padded. */
function headerText(name: string): Uint8Array {
  const ascii = oneLineName(name)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?');
  const text = `Meshbay: ${ascii}`.slice(0, headerBytes);
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}
