/**
 * "View in your room" (issue 27, decision 0060): the AR viewers of phones take a model file of their
 * own kind, GLB for Android's Scene Viewer and USDZ for iOS AR Quick Look. Both are made from the 3D
 * viewer's copy of the mesh, which the analysis jobs write and which is public already: the first
 * request of one writes it to the store under the viewer copy's content-hashed name (so it is cached
 * for good, and a new analysis gets a new one); later requests read it.
 */
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

import { fileExists, readFile, writeFile } from '@/server/files/store';

import { arFormatOf, maxArTriangles, type ArFormat } from '../ar-files';
import { writeGlb, writeUsdz, type IndexedMesh } from '../writers';

const gunzipAsync = promisify(gunzip);

/** The viewer's triangle soup (Float32 corners in mm) welded into an indexed mesh: shared corners once. */
export function indexedMeshOfViewerCopy(corners: Float32Array): IndexedMesh {
  const words = new Uint32Array(corners.buffer, corners.byteOffset, corners.length);
  const indexOf = new Map<string, number>();
  const positions: number[] = [];
  const triangles = new Uint32Array(corners.length / 3);
  for (let corner = 0; corner < triangles.length; corner++) {
    const at = corner * 3;
    const key = `${words[at]},${words[at + 1]},${words[at + 2]}`;
    let index = indexOf.get(key);
    if (index === undefined) {
      index = positions.length / 3;
      indexOf.set(key, index);
      positions.push(corners[at]!, corners[at + 1]!, corners[at + 2]!);
    }
    triangles[corner] = index;
  }
  return { positions: new Float32Array(positions), triangles };
}

/** The AR files being written now, by key: a second request for one waits for the first. */
const writing = new Map<string, Promise<boolean>>();

/**
 * Makes sure the AR file `key` is in the store, writing it from the viewer copy it is named after.
 * False when there is no such viewer copy (an unknown name, or a deleted model's), or when its mesh is
 * over `maxArTriangles` (the page offers no AR for it).
 */
export async function ensureArModel(key: string, root?: string): Promise<boolean> {
  const format = arFormatOf(key);
  if (!format) return false;
  if (await fileExists(key, root)) return true;
  let pending = writing.get(key);
  if (!pending) {
    pending = writeArModel(key, format, root).finally(() => writing.delete(key));
    writing.set(key, pending);
  }
  return pending;
}

async function writeArModel(key: string, format: ArFormat, root?: string): Promise<boolean> {
  const base = key.slice('ar/'.length, -(format.length + 1));
  const candidates = [`viewer/${base}.bin`, `viewer/${base}.bin.gz`];
  const exists = await Promise.all(candidates.map((candidate) => fileExists(candidate, root)));
  const viewerKey = candidates[exists.indexOf(true)];
  if (!viewerKey) return false;
  const stored = await readFile(viewerKey, root);
  const bytes = viewerKey.endsWith('.gz') ? await gunzipAsync(stored) : stored;
  // Nine floats of four bytes a triangle.
  if (bytes.length / 36 > maxArTriangles) return false;
  const corners = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  const mesh = indexedMeshOfViewerCopy(corners);
  const written = format === 'glb' ? writeGlb(mesh, 'model') : writeUsdz(mesh, 'model');
  await writeFile(key, Buffer.from(written.buffer, written.byteOffset, written.byteLength), root);
  return true;
}
