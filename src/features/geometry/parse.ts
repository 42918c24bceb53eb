/**
 * One entry point for every mesh format (DESIGN §6), chosen by the file name's extension: STL, OBJ,
 * glTF (.gltf with embedded buffers) and GLB, 3MF. `unit` is set only when the file declares one (3MF);
 * the other formats carry no unit and the seller's declared unit applies.
 */
import { fileExtension, meshFormatOf, meshFormats, type MeshFormat } from './mesh-formats';

import type { LengthUnit } from './analyze';
import { parseGltf } from './gltf';
import { GeometryError, type TriangleMesh } from './mesh';
import { parseObj } from './obj';
import { parseStl } from './stl';
import { parseThreeMf } from './three-mf';

export interface ParsedMesh {
  mesh: TriangleMesh;
  /** The unit the file declares (3MF only). */
  unit?: LengthUnit;
}

/** The extensions `parseMeshFile` reads, lower-case with the dot. */
export const meshFileExtensions = meshFormats.map((format) => `.${format}`);

const parsers: Record<MeshFormat, (bytes: Uint8Array) => ParsedMesh> = {
  stl: (bytes) => ({ mesh: parseStl(bytes) }),
  obj: (bytes) => ({ mesh: parseObj(bytes) }),
  glb: (bytes) => ({ mesh: parseGltf(bytes) }),
  gltf: (bytes) => ({ mesh: parseGltf(bytes) }),
  '3mf': (bytes) => parseThreeMf(bytes),
};

/** The lower-case extension of a file name (`.stl`), or '' when it has none. */
export function meshFileExtension(fileName: string): string {
  const extension = fileExtension(fileName);
  return extension ? `.${extension}` : '';
}

/** The file's mesh format, or a GeometryError naming its extension and the formats that are read. */
export function meshFormatOrThrow(fileName: string): MeshFormat {
  const format = meshFormatOf(fileName);
  if (!format)
    throw new GeometryError(
      'malformed',
      `${meshFileExtension(fileName) || 'a file without an extension'}: not a mesh format that is read (${meshFileExtensions.join(', ')})`,
    );
  return format;
}

export function parseMeshFile(bytes: Uint8Array, fileName: string): ParsedMesh {
  return parsers[meshFormatOrThrow(fileName)](bytes);
}
