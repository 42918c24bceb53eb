/**
 * Binary glTF 2.0 (GLB): a JSON chunk and a BIN chunk holding one mesh with one triangle primitive
 * (POSITION as float32 VEC3 with its min and max, UNSIGNED_INT indices), one node, one scene.
 *
 * Axes and unit follow the glTF specification, not the printing formats: +Y is up and the unit is the
 * metre, so (x, y, z) in millimetres, +Z up, is written as (x, z, −y) × 0.001 — a rotation, so the
 * winding (counter-clockwise from outside) stays as it is. The marketplace's analysis turns glTF's
 * Y-up back into Z-up (`zUp` in server/analysis-task.ts) and takes the file's numbers in the unit the
 * file row declares, so a GLB written here is stored with unit 'm' (`writeMeshFile` says so) and its
 * figures come out in the same millimetres as the STL's. Viewers (three.js, Blender, Windows' 3D Viewer)
 * then show the object upright and at its real size.
 *
 * No NORMAL attribute: glTF viewers must compute flat normals when there are none, which is right for
 * faceted printable parts, and per-vertex normals on shared vertices would smooth their hard edges.
 * Chunks are 4-byte aligned (the JSON padded with spaces, the BIN with zeros) as the specification requires.
 */
import { assertWritable, boundsOf, oneLineName, yUpMetres, type IndexedMesh } from './indexed-mesh';

const glbMagic = 0x46546c67; // "glTF"
const chunkJson = 0x4e4f534a; // "JSON"
const chunkBin = 0x004e4942; // "BIN\0"

export function writeGlb(mesh: IndexedMesh, name: string): Uint8Array<ArrayBuffer> {
  assertWritable(mesh, 'GLB');
  const { positions: p, triangles } = mesh;
  const vertexCount = p.length / 3;
  const yUp = yUpMetres(p);
  const { min, max } = boundsOf(yUp);
  const positionBytes = yUp.byteLength; // a multiple of 4: the indices that follow stay aligned
  const indexBytes = triangles.length * 4;
  const title = oneLineName(name);
  const json = {
    asset: { version: '2.0', generator: 'Meshbay' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0, name: title }],
    meshes: [{ name: title, primitives: [{ attributes: { POSITION: 0 }, indices: 1, mode: 4 }] }],
    accessors: [
      { bufferView: 0, componentType: 5126, count: vertexCount, type: 'VEC3', min, max },
      { bufferView: 1, componentType: 5125, count: triangles.length, type: 'SCALAR' },
    ],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: positionBytes, target: 34962 },
      { buffer: 0, byteOffset: positionBytes, byteLength: indexBytes, target: 34963 },
    ],
    buffers: [{ byteLength: positionBytes + indexBytes }],
  };
  const jsonBytes = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = padded(jsonBytes.length);
  const binLength = padded(positionBytes + indexBytes);
  const total = 12 + 8 + jsonLength + 8 + binLength;
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, glbMagic, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, chunkJson, true);
  bytes.set(jsonBytes, 20);
  bytes.fill(0x20, 20 + jsonBytes.length, 20 + jsonLength);
  const bin = 20 + jsonLength;
  view.setUint32(bin, binLength, true);
  view.setUint32(bin + 4, chunkBin, true);
  for (let i = 0; i < yUp.length; i++) view.setFloat32(bin + 8 + i * 4, yUp[i]!, true);
  const indices = bin + 8 + positionBytes;
  for (let i = 0; i < triangles.length; i++) view.setUint32(indices + i * 4, triangles[i]!, true);
  return bytes;
}

const padded = (length: number) => Math.ceil(length / 4) * 4;
