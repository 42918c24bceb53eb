/**
 * "Open in slicer" (issue 27, decision 0059): each desktop slicer registers a URL scheme whose `open`
 * command takes the address of a model file, which the slicer then downloads itself. Pure data and
 * functions, shared by the server (which files to offer) and the browser (which link to follow).
 */

export type SlicerId = 'bambu' | 'orca' | 'prusa' | 'cura';

export interface Slicer {
  id: SlicerId;
  name: string;
  /** File formats it opens, in the order of preference (a 3MF keeps plates and settings). */
  formats: readonly string[];
  /**
   * False for PrusaSlicer: it downloads only from printables.com, thingiverse.com and cults3d.com and
   * has no setting to add a host, so a marketplace's own link would be refused: the file is
   * downloaded instead, for the buyer to open.
   */
  opensLinks: boolean;
}

export const slicers: readonly Slicer[] = [
  { id: 'bambu', name: 'Bambu Studio', formats: ['3mf', 'stl', 'step', 'obj', 'amf'], opensLinks: true },
  { id: 'orca', name: 'OrcaSlicer', formats: ['3mf', 'stl', 'step', 'obj', 'amf'], opensLinks: true },
  { id: 'prusa', name: 'PrusaSlicer', formats: ['3mf', 'stl', 'step', 'obj', 'amf'], opensLinks: false },
  { id: 'cura', name: 'UltiMaker Cura', formats: ['3mf', 'stl', 'obj'], opensLinks: true },
];

/** Every format at least one slicer opens: a model without one gets no "Open in slicer". */
export const slicerFormats: ReadonlySet<string> = new Set(slicers.flatMap((slicer) => slicer.formats));

export function slicerById(id: string): Slicer | undefined {
  return slicers.find((slicer) => slicer.id === id);
}

/** The file a slicer should open: its most preferred format; null when it opens none of them. */
export function fileForSlicer<F extends { format: string }>(slicer: Slicer, files: readonly F[]): F | null {
  for (const format of slicer.formats) {
    const file = files.find((candidate) => candidate.format.toLowerCase() === format);
    if (file) return file;
  }
  return null;
}

/**
 * The link that hands `fileUrl` (absolute, downloadable without a session) to a slicer. Bambu Studio
 * on macOS listens to `bambustudioopen://<address>` instead of the `open?file=` form of the others.
 */
export function slicerOpenUrl(slicer: Slicer, fileUrl: string, onMac: boolean): string {
  const file = encodeURIComponent(fileUrl);
  switch (slicer.id) {
    case 'bambu':
      return onMac ? `bambustudioopen://${file}` : `bambustudio://open?file=${file}`;
    case 'orca':
      return `orcaslicer://open?file=${file}`;
    case 'prusa':
      return `prusaslicer://open?file=${file}`;
    case 'cura':
      return `cura://open?file=${file}`;
  }
}

/** The address a slicer downloads, decoded from its link (what the slicer itself does). */
export function fileUrlOfSlicerLink(link: string): string | null {
  const match = /^(?:[a-z]+:\/\/open\/?\?file=|bambustudioopen:\/\/)(.+)$/i.exec(link);
  return match ? decodeURIComponent(match[1]!) : null;
}
