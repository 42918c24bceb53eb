/**
 * The mesh exporters (issue 28): purchases of the procedural demo models download their mesh as STL and,
 * where the model lists them, OBJ, 3MF and GLB. Plain functions from an indexed mesh (millimetres, +Z up)
 * to bytes, deterministic (the same mesh and name give byte-identical files), so files can be stored
 * content-addressed and a reseed re-uses them.
 */
import { slugify } from '@/lib/slug';

import { writeGlb } from './glb';
import { writeObj } from './obj';
import { writeStl } from './stl';
import { writeThreeMf } from './three-mf';

import type { IndexedMesh } from './indexed-mesh';

export { writeGlb } from './glb';
export { type IndexedMesh } from './indexed-mesh';
export { writeObj } from './obj';
export { writeStl } from './stl';
export { writeThreeMf } from './three-mf';
export { writeUsdz } from './usdz';

export const writtenMeshFormats = ['stl', 'obj', '3mf', 'glb'] as const;
export type WrittenMeshFormat = (typeof writtenMeshFormats)[number];

export interface WrittenMeshFile {
  bytes: Uint8Array<ArrayBuffer>;
  /** The name's slug with the format's extension, e.g. `spur-gear-24-teeth.3mf`. */
  fileName: string;
  /**
   * The unit of the numbers in the file, for the file row (`model_files.unit`) the analysis reads:
   * millimetres, except GLB, which is in metres as glTF requires.
   */
  unit: 'mm' | 'm';
}

const writers: Record<WrittenMeshFormat, (mesh: IndexedMesh, name: string) => Uint8Array<ArrayBuffer>> = {
  stl: writeStl,
  obj: writeObj,
  '3mf': writeThreeMf,
  glb: writeGlb,
};

export function writeMeshFile(mesh: IndexedMesh, format: WrittenMeshFormat, name: string): WrittenMeshFile {
  return {
    bytes: writers[format](mesh, name),
    fileName: `${slugify(name)}.${format}`,
    unit: format === 'glb' ? 'm' : 'mm',
  };
}
