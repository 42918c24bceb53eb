/**
 * STL, binary and ASCII (DESIGN §6). Binary is recognised by its size, `84 + 50 × triangles`, whatever
 * its header says (many binary files begin with `solid`); anything else starting with `solid` is
 * ASCII, which may hold several `solid` blocks and upper-case keywords.
 */
import { GeometryError, type TriangleMesh } from './mesh';

const headerBytes = 84;
const triangleBytes = 50;

export function parseStl(bytes: Uint8Array): TriangleMesh {
  if (bytes.length === 0) throw new GeometryError('empty', 'STL: the file is empty');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const announced = bytes.length >= headerBytes ? view.getUint32(80, true) : null;
  if (announced !== null && headerBytes + triangleBytes * announced === bytes.length)
    return parseBinary(view, announced);
  if (startsWithSolid(bytes)) return parseAscii(bytes);
  if (announced === null)
    throw new GeometryError('truncated', `STL: ${bytes.length} bytes is shorter than a binary STL header`);
  throw new GeometryError(
    'truncated',
    `STL: the header announces ${announced} triangles (${headerBytes + triangleBytes * announced} bytes), the file has ${bytes.length} bytes`,
  );
}

function startsWithSolid(bytes: Uint8Array): boolean {
  let i = 0;
  while (
    i < bytes.length &&
    (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)
  )
    i++;
  return new TextDecoder().decode(bytes.subarray(i, i + 5)).toLowerCase() === 'solid';
}

function parseBinary(view: DataView, count: number): TriangleMesh {
  const positions = new Float32Array(count * 9);
  for (let t = 0; t < count; t++) {
    // Each record: normal (3 floats, ignored: recomputed from the corners), 3 corners, 2 attribute bytes.
    const at = headerBytes + t * triangleBytes + 12;
    for (let k = 0; k < 9; k++) positions[t * 9 + k] = view.getFloat32(at + k * 4, true);
  }
  assertFinite(positions);
  return { positions };
}

const vertexPattern = /\bvertex\s+(\S+)\s+(\S+)\s+(\S+)/gi;
const facetPattern = /\bendloop\b/gi;

function parseAscii(bytes: Uint8Array): TriangleMesh {
  const text = new TextDecoder().decode(bytes);
  const numbers: number[] = [];
  for (const match of text.matchAll(vertexPattern)) {
    for (let k = 1; k <= 3; k++) {
      const value = Number(match[k]);
      if (Number.isNaN(value) && !/^[-+]?(nan|inf)/i.test(match[k]!))
        throw new GeometryError('malformed', `ASCII STL: "${match[k]!.slice(0, 40)}" is not a number`);
      numbers.push(value);
    }
  }
  const loops = text.match(facetPattern)?.length ?? 0;
  if (numbers.length === 0) throw new GeometryError('empty', 'ASCII STL: no facets');
  if (numbers.length !== loops * 9)
    throw new GeometryError(
      'malformed',
      `ASCII STL: ${numbers.length / 3} vertices in ${loops} facets (each facet needs exactly 3)`,
    );
  const positions = Float32Array.from(numbers);
  assertFinite(positions);
  return { positions };
}

function assertFinite(positions: Float32Array) {
  for (let i = 0; i < positions.length; i++)
    if (!Number.isFinite(positions[i]!))
      throw new GeometryError(
        'not_finite',
        `STL: triangle ${Math.floor(i / 9) + 1} has a NaN or infinite coordinate`,
      );
}
