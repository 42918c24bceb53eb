/**
 * `npm run mesh:analyze -- FILE [--unit mm|cm|in|m] [--overhang-angle DEG] [--json]`: a mesh file's
 * figures, readable by default or as JSON (the fields of `MeshInspection` in inspect.ts, plus `file`
 * and `printability`, the report of printability.ts, and `printEstimate`, each material's estimate at the
 * default settings from print-estimate.ts, with the default material settings). Exit status 0, or 1 with a one-line reason when
 * the file cannot be read as a mesh.
 */
import fs from 'node:fs';
import path from 'node:path';

import { formatPrice } from '@/lib/money';

import { lengthUnits, type LengthUnit } from './analyze';
import { inspectMesh, type MeshInspection } from './inspect';
import type { TriangleMesh } from './mesh';
import { meshFormatOrThrow, parseMeshFile } from './parse';
import { defaultPrintEstimates, type PrintQuantities } from './print-estimate';
import { printabilityReport, type OrientationFigures, type PrintabilityReport } from './printability';

const usage = 'usage: npm run mesh:analyze -- FILE [--unit mm|cm|in|m] [--overhang-angle DEG] [--json]';

function parseArguments(args: string[]) {
  let file: string | undefined;
  let unit: LengthUnit | undefined;
  let json = false;
  let overhangDeg: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--json') json = true;
    else if (arg === '--overhang-angle' || arg.startsWith('--overhang-angle=')) {
      const value = arg.includes('=') ? arg.slice('--overhang-angle='.length) : args[++i];
      overhangDeg = Number(value);
      if (value === undefined || value.trim() === '' || !(overhangDeg >= 0 && overhangDeg <= 90))
        throw new Error('--overhang-angle must be a number of degrees from 0 to 90');
    } else if (arg === '--unit' || arg.startsWith('--unit=')) {
      const value = arg.includes('=') ? arg.slice('--unit='.length) : args[++i];
      if (!(lengthUnits as readonly string[]).includes(value ?? ''))
        throw new Error(`--unit must be one of mm, cm, in, m`);
      unit = value as LengthUnit;
    } else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}; ${usage}`);
    else if (file) throw new Error(`one file at a time; ${usage}`);
    else file = arg;
  }
  if (!file) throw new Error(usage);
  return { file, unit, json, overhangDeg };
}

/** The mesh and the unit to measure it in: `--unit`, else the file's own (3MF declares one), else mm. */
function readMesh(file: string, unit: LengthUnit | undefined): [TriangleMesh, LengthUnit] {
  meshFormatOrThrow(file);
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile()) throw new Error(`no such file: ${file}`);
  const parsed = parseMeshFile(new Uint8Array(fs.readFileSync(file)), file);
  return [parsed.mesh, unit ?? parsed.unit ?? 'mm'];
}

const number = (value: number, digits = 2) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const yesNo = (value: boolean) => (value ? 'yes' : 'no');

const orientationText = (o: OrientationFigures) =>
  `${o.orientation.replaceAll('_', ' ')}: ${number(o.overhangAreaMm2)} mm² overhang (${number(o.overhangShare * 100, 1)} %), support ${number(o.supportAreaMm2)} mm², ${o.sizeMm.map((v) => number(v)).join(' × ')} mm`;

function printabilityRows(report: PrintabilityReport | null): [string, string][] {
  if (!report) return [];
  const { overhangs, walls, fits } = report;
  const fitting = fits.filter((f) => f.fit === 'recommended').map((f) => f.name);
  const otherwise = fits.filter((f) => f.fit === 'other').map((f) => f.name);
  return [
    [`overhangs (> ${overhangs.thresholdDeg}°)`, orientationText(overhangs.asUploaded)],
    ['recommended', orientationText(overhangs.recommended)],
    ['fits on', fitting.length > 0 ? fitting.join(', ') : 'none of the printers listed'],
    ...(otherwise.length > 0 ? [['fits lying otherwise', otherwise.join(', ')] as [string, string]] : []),
    ...(walls
      ? [
          [
            'smallest feature',
            walls.smallestFeatureMm === null
              ? `${walls.probeMm} mm or more`
              : `${number(walls.smallestFeatureMm)} mm`,
          ] as [string, string],
          ['walls: FDM / resin', `${walls.fdm} / ${walls.resin}`] as [string, string],
        ]
      : []),
  ];
}

/** Each material's estimate at the default settings (decision 0056), one row. */
function printEstimateRow(quantities: PrintQuantities): [string, string] {
  const { estimates } = defaultPrintEstimates(quantities);
  const text = estimates.map(
    (e) =>
      `${e.material} ${number(e.massG, 1)} g, ${formatPrice(e.costCents)}, ${number(e.seconds / 3600, 1)} h`,
  );
  return ['print estimate', `${text.join('; ')} (FDM 0.2 mm, 15 % infill, 2 walls; resin 0.05 mm)`];
}

function describe(file: string, f: MeshInspection): string {
  const [x, y, z] = f.boundingBox.size;
  const rows: [string, string][] = [
    ['triangles', f.triangles.toLocaleString('en-US')],
    [
      'vertices',
      `${f.vertices.toLocaleString('en-US')} (corners closer than ${f.weldTolerance.toPrecision(3)} ${f.unit} welded)`,
    ],
    ['size', `${number(x)} × ${number(y)} × ${number(z)} mm`],
    ['surface area', `${number(f.surfaceAreaMm2)} mm²`],
    [
      'volume',
      `${number(f.volumeMm3)} mm³${f.volumeReliable ? '' : ' (unreliable: the mesh is not closed, manifold and consistently oriented)'}`,
    ],
    ['watertight', `${yesNo(f.watertight)} (${f.boundaryEdges} boundary edges)`],
    ['manifold', `${yesNo(f.manifold)} (${f.nonManifoldEdges} edges with more than two faces)`],
    [
      'consistently oriented',
      `${yesNo(f.consistentlyOriented)} (${f.inconsistentEdges} edges run twice one way)`,
    ],
    ['components', String(f.components)],
    ['degenerate faces', String(f.degenerateFaces)],
    [
      'self-intersections',
      `${f.selfIntersections.pairs.toLocaleString('en-US')} triangle pairs${f.selfIntersections.timedOut || f.selfIntersections.capped ? ' at least (the search stopped early)' : ''}`,
    ],
    [
      'thin walls',
      `${number(f.thinWalls.thinAreaMm2)} mm² under ${f.thinWalls.thresholdMm} mm (${number(f.thinWalls.share * 100, 1)} % of the surface, ${f.thinWalls.samples.toLocaleString('en-US')} samples)`,
    ],
    ...printabilityRows(printabilityReport(f)),
    printEstimateRow(f.printQuantities),
  ];
  const header = `${path.basename(file)} (declared unit: ${f.unit})`;
  return [header, ...rows.map(([label, value]) => `  ${label.padEnd(23)}${value}`)].join('\n');
}

try {
  const { file, unit, json, overhangDeg } = parseArguments(process.argv.slice(2));
  const figures = inspectMesh(...readMesh(file, unit), {
    checkBudgetMs: 60_000,
    overhangThresholdDeg: overhangDeg,
  });
  console.log(
    json
      ? JSON.stringify(
          {
            file,
            ...figures,
            printability: printabilityReport(figures),
            printEstimate: defaultPrintEstimates(figures.printQuantities),
          },
          null,
          2,
        )
      : describe(file, figures),
  );
} catch (error) {
  console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
