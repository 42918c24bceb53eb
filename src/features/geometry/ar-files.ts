/**
 * The names of the AR files (decision 0060): one GLB (Android's Scene Viewer) and one USDZ (iOS AR
 * Quick Look) per viewer copy of a mesh, named after it, under the public `ar/` folder.
 */

export const arFormats = ['glb', 'usdz'] as const;

/**
 * Phones' AR viewers are made for models of up to a few hundred thousand triangles, and the USDZ is
 * text (about 30 bytes a vertex): a larger mesh gets no "View in your room".
 */
export const maxArTriangles = 300_000;
export type ArFormat = (typeof arFormats)[number];

export const arContentTypes: Record<ArFormat, string> = {
  glb: 'model/gltf-binary',
  usdz: 'model/vnd.usdz+zip',
};

/** `viewer/f12-3fa9.bin` or `viewer/demo-vase-1.bin.gz` → `ar/f12-3fa9.glb`, `ar/demo-vase-1.usdz`. */
export function arKey(viewerKey: string, format: ArFormat): string {
  const base = viewerKey.slice(viewerKey.lastIndexOf('/') + 1).replace(/\.bin(\.gz)?$/, '');
  return `ar/${base}.${format}`;
}

/** The AR file's format from its key (`ar/<name>.glb|usdz`), or null for any other key. */
export function arFormatOf(key: string): ArFormat | null {
  const match = /^ar\/[\w.-]+\.(glb|usdz)$/.exec(key);
  return match ? (match[1] as ArFormat) : null;
}

/** The public addresses of the AR files of a viewer copy (given by its address or its key). */
export function arUrls(viewer: string): Record<ArFormat, string> {
  return { glb: `/files/${arKey(viewer, 'glb')}`, usdz: `/files/${arKey(viewer, 'usdz')}` };
}
