/**
 * Every figure of a mesh (issue 5 part 1): `analyzeMesh`'s measures and topology, then the two checks
 * that need a BVH — self-intersecting triangle pairs and thin walls — on one shared BVH, and the
 * overhangs of the printability report.
 */
import { analyzeMeshWithWeld, millimetresPer, type LengthUnit, type MeshFigures } from './analyze';
import { buildBvh } from './bvh';
import type { TriangleMesh } from './mesh';
import { measureOverhangs } from './overhangs';
import type { PrintQuantities } from './print-estimate';
import { measurePrintQuantities } from './print-estimate-slices';
import type { OverhangFigures } from './printability';
import { countSelfIntersections, type SelfIntersections } from './self-intersections';
import { measureThinWalls, type ThinWalls } from './thin-walls';

export interface MeshInspection extends MeshFigures {
  selfIntersections: SelfIntersections;
  thinWalls: ThinWalls;
  /** Overhangs and support in the candidate orientations (the printability report, decision 0052). */
  overhangs: OverhangFigures;
  /** What the print cost and time estimate needs, in the recommended orientation (decision 0056). */
  printQuantities: PrintQuantities;
}

export interface InspectOptions {
  /** Milliseconds the self-intersection search may take; past it the count is a lower bound. */
  checkBudgetMs?: number;
  /** Called with 0..1 as the steps finish. */
  onProgress?: (share: number) => void;
  /** Degrees from vertical past which a downward face needs support (default 45). */
  overhangThresholdDeg?: number;
}

export function inspectMesh(
  mesh: TriangleMesh,
  unit: LengthUnit = 'mm',
  options: InspectOptions = {},
): MeshInspection {
  const progress = options.onProgress ?? (() => {});
  const { figures, corners } = analyzeMeshWithWeld(mesh, unit);
  progress(0.3);
  const bvh = buildBvh(mesh);
  progress(0.45);
  const selfIntersections = countSelfIntersections(mesh, {
    bvh,
    corners,
    timeBudgetMs: options.checkBudgetMs,
  });
  progress(0.75);
  const thinWalls = measureThinWalls(mesh, { bvh, unitScale: millimetresPer[unit] });
  progress(0.9);
  const overhangs = measureOverhangs(mesh, {
    thresholdDeg: options.overhangThresholdDeg,
    unitScale: millimetresPer[unit],
  });
  const printQuantities = measurePrintQuantities(mesh, overhangs.recommended, millimetresPer[unit]);
  progress(1);
  return { ...figures, selfIntersections, thinWalls, overhangs, printQuantities };
}
