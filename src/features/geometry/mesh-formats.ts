/** The mesh file formats the marketplace analyses (DESIGN §6), as `model_files.format` stores them. */
export const meshFormats = ['stl', 'obj', 'glb', 'gltf', '3mf'] as const;
export type MeshFormat = (typeof meshFormats)[number];

/** The lower-case extension of a file name or path, without the dot ('stl'), or '' when it has none. */
export function fileExtension(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The format of a mesh file by its name's extension, or null when it is not one. */
export function meshFormatOf(fileName: string): MeshFormat | null {
  const extension = fileExtension(fileName);
  return (meshFormats as readonly string[]).includes(extension) ? (extension as MeshFormat) : null;
}
