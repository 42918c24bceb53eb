/**
 * The printability report (issue 27, decision 0052), as stored and as shown: the overhang figures
 * measured at analysis (overhangs.ts) and the wall figures (thin-walls.ts) are kept raw with the file's
 * analysis; the verdicts and the printers a model fits on are worked out when read, so a change of the
 * printer table or a threshold applies without analysing again. Isomorphic and free of zod.
 */
import printerTable from './data/printers.json';

export type Vec3 = [number, number, number];

/** Which side of the model lies on the plate: the six axis-aligned ones and the largest flat face. */
export const orientationNames = [
  'as_uploaded',
  'upside_down',
  'front_down',
  'back_down',
  'left_down',
  'right_down',
  'largest_face_down',
] as const;
export type OrientationName = (typeof orientationNames)[number];

export interface OrientationFigures {
  orientation: OrientationName;
  /** The direction, in the file's coordinates (unit length), that faces the build plate. */
  down: Vec3;
  /** Faces steeper than the threshold from vertical, facing down, not lying on the plate: their area. */
  overhangAreaMm2: number;
  /** That area over the whole surface, 0..1. */
  overhangShare: number;
  /** The overhangs' area projected onto the plate: the footprint supports must hold up. */
  supportAreaMm2: number;
  /** Faces lying on the plate. */
  plateContactMm2: number;
  /** Width, depth and height on the plate in this orientation. */
  sizeMm: Vec3;
}

export interface OverhangFigures {
  /** Degrees from vertical past which a downward face needs support. */
  thresholdDeg: number;
  surfaceAreaMm2: number;
  asUploaded: OrientationFigures;
  /**
   * The orientation needing the least support (within 1 % of the surface), then with the most plate
   * contact (within a tenth), then the lowest, the smallest footprint, the earliest (overhangs.ts).
   */
  recommended: OrientationFigures;
  candidates: OrientationFigures[];
}

/** What the report reads of the stored thin-wall figures. */
export interface WallFigures {
  share: number;
  thresholdMm: number;
  smallestFeatureMm?: number | null;
  probeMm?: number;
  shareThinnerThan?: Record<string, number>;
}

export type Verdict = 'pass' | 'warn' | 'fail';
export type PrintProcess = 'fdm' | 'resin';

/**
 * Wall rules (decision 0052). FDM with a 0.4 mm nozzle: a wall under one line width (0.4 mm) is not
 * printed, under two perimeters (0.8 mm) it prints weak. Resin: walls under 0.2 mm break off or
 * vanish, under 0.4 mm they need care (the usual supported-wall minimum). Either fails when more than
 * 1 % of the surface lies on walls thinner than the thin-wall threshold (0.2 mm).
 */
export const wallRules: Record<PrintProcess, { failBelowMm: number; warnBelowMm: number }> = {
  fdm: { failBelowMm: 0.4, warnBelowMm: 0.8 },
  resin: { failBelowMm: 0.2, warnBelowMm: 0.4 },
};
export const maxThinWallShare = 0.01;

export interface WallVerdicts {
  smallestFeatureMm: number | null;
  /** The rays' reach: a null smallest feature is at least this thick. */
  probeMm: number;
  thinWallShare: number;
  thinWallThresholdMm: number;
  fdm: Verdict;
  resin: Verdict;
}

export function wallVerdicts(walls: WallFigures): WallVerdicts | null {
  if (walls.smallestFeatureMm === undefined || walls.probeMm === undefined) return null;
  const smallest = walls.smallestFeatureMm;
  const verdict = (process: PrintProcess): Verdict => {
    const rule = wallRules[process];
    if (walls.share > maxThinWallShare) return 'fail';
    if (smallest === null) return 'pass';
    if (smallest < rule.failBelowMm) return 'fail';
    return smallest < rule.warnBelowMm ? 'warn' : 'pass';
  };
  return {
    smallestFeatureMm: smallest,
    probeMm: walls.probeMm,
    thinWallShare: walls.share,
    thinWallThresholdMm: walls.thresholdMm,
    fdm: verdict('fdm'),
    resin: verdict('resin'),
  };
}

export interface Printer {
  id: string;
  name: string;
  technology: PrintProcess;
  /** Width (X), depth (Y) and height (Z) of the build volume. */
  buildVolumeMm: Vec3;
  /** The maker's page stating the build volume. */
  source: string;
}

export const printers: readonly Printer[] = printerTable as Printer[];

/**
 * Whether a box of `size` fits a build volume at 100 %: the height within the height, the footprint
 * within the plate as placed or turned a quarter about Z. A hundredth of a millimetre is let through
 * (float noise on a model made to the plate's exact size).
 */
export function fitsIn(size: Vec3, volume: Vec3): boolean {
  const slack = 0.01;
  if (size[2] > volume[2] + slack) return false;
  const straight = size[0] <= volume[0] + slack && size[1] <= volume[1] + slack;
  const turned = size[1] <= volume[0] + slack && size[0] <= volume[1] + slack;
  return straight || turned;
}

export interface PrinterFit {
  printer: Printer;
  /** 'recommended': fits in the recommended orientation; 'other': only lying another way; 'no': too large. */
  fit: 'recommended' | 'other' | 'no';
  /** The orientation it fits in, when it fits. */
  orientation: OrientationName | null;
}

export function printerFits(overhangs: OverhangFigures, table: readonly Printer[] = printers): PrinterFit[] {
  return table.map((printer) => {
    if (fitsIn(overhangs.recommended.sizeMm, printer.buildVolumeMm))
      return { printer, fit: 'recommended', orientation: overhangs.recommended.orientation };
    // Of the other orientations that fit, the one needing the least support.
    const other = overhangs.candidates
      .filter((c) => fitsIn(c.sizeMm, printer.buildVolumeMm))
      .sort((a, b) => a.supportAreaMm2 - b.supportAreaMm2)[0];
    return other
      ? { printer, fit: 'other', orientation: other.orientation }
      : { printer, fit: 'no', orientation: null };
  });
}

/** The whole report, as the model page, the studio, the JSON API and the command line give it. */
export interface PrintabilityReport {
  overhangs: OverhangFigures;
  fits: (Omit<Printer, 'id'> & {
    printerId: string;
    fit: PrinterFit['fit'];
    orientation: OrientationName | null;
  })[];
  walls: WallVerdicts | null;
}

/** The report from a file's stored analysis, or null when it was analysed before the report existed. */
export function printabilityReport(analysis: unknown): PrintabilityReport | null {
  if (!analysis || typeof analysis !== 'object') return null;
  const { overhangs, thinWalls } = analysis as { overhangs?: OverhangFigures; thinWalls?: WallFigures };
  if (!overhangs?.recommended) return null;
  return {
    overhangs,
    fits: printerFits(overhangs).map(({ printer: { id, ...printer }, fit, orientation }) => ({
      printerId: id,
      ...printer,
      fit,
      orientation,
    })),
    walls: thinWalls ? wallVerdicts(thinWalls) : null,
  };
}
