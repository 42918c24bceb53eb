/**
 * The print estimate against a real slicer (issue 27, decision 0056): every closed mesh of the shared
 * test set, in millimetres (the demo catalogue's unit for the demo meshes, else scaled so its longest
 * side is 50 mm), is measured as the analysis does it, turned to the recommended orientation, written
 * as binary STL and sliced by PrusaSlicer's command line with the settings below; the filament mass and
 * the "normal mode" print time in its G-code are compared with `estimatePrint` for PLA at 0.2 mm, 15 %
 * infill, 2 walls. The slicer is needed only here (`apt-get install prusa-slicer`), never at runtime.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { millimetresPer, type LengthUnit } from '../src/features/geometry/analyze';
import { inspectMesh } from '../src/features/geometry/inspect';
import type { TriangleMesh } from '../src/features/geometry/mesh';
import { rotationPuttingDown } from '../src/features/geometry/overhangs';
import { parseMeshFile } from '../src/features/geometry/parse';
import {
  defaultMaterialSettings,
  defaultPrintSettings,
  estimatePrint,
  fdmMotion,
} from '../src/features/geometry/print-estimate';

/** The demo catalogue's units (src/seed/demo-meshes.ts) for its meshes. */
const demoUnits: Record<string, LengthUnit> = {
  '20mm-xyz-cube.stl': 'mm',
  '7_8ths_cube.stl': 'mm',
  'angle_block.STL': 'in',
  'cylinder.stl': 'cm',
  'torus.STL': 'cm',
  'unit_sphere.STL': 'cm',
  'box.obj': 'cm',
};

/** PrusaSlicer's settings: the estimator's (print-estimate.ts) where it has one, else a plain profile. */
export const slicerArguments = [
  '--layer-height=0.2',
  '--first-layer-height=0.2',
  '--fill-density=15%',
  '--fill-pattern=grid',
  '--perimeters=2',
  `--top-solid-layers=${fdmMotion.solidLayers}`,
  `--bottom-solid-layers=${fdmMotion.solidLayers}`,
  '--top-solid-min-thickness=0',
  '--bottom-solid-min-thickness=0',
  '--solid-infill-below-area=0',
  '--skirts=0',
  '--brim-width=0',
  '--nozzle-diameter=0.4',
  `--extrusion-width=${fdmMotion.lineWidthMm}`,
  `--filament-diameter=${fdmMotion.filamentDiameterMm}`,
  `--filament-density=${defaultMaterialSettings.pla.densityGPerCm3}`,
  `--perimeter-speed=${fdmMotion.wallMmPerS}`,
  `--external-perimeter-speed=${fdmMotion.wallMmPerS}`,
  `--small-perimeter-speed=${fdmMotion.wallMmPerS}`,
  `--infill-speed=${fdmMotion.infillMmPerS}`,
  `--solid-infill-speed=${fdmMotion.skinMmPerS}`,
  `--top-solid-infill-speed=${fdmMotion.skinMmPerS}`,
  `--bridge-speed=${fdmMotion.skinMmPerS}`,
  '--gap-fill-speed=40',
  '--first-layer-speed=30',
  '--travel-speed=150',
  '--cooling=1',
  `--slowdown-below-layer-time=${fdmMotion.minLayerSeconds}`,
  '--min-print-speed=10',
  '--bed-shape=0x0,1000x0,1000x1000,0x1000',
  '--max-print-height=1000',
  '--center=500,500',
];

function binaryStl(positions: Float32Array): Uint8Array {
  const count = positions.length / 9;
  const bytes = new Uint8Array(84 + 50 * count);
  const view = new DataView(bytes.buffer);
  view.setUint32(80, count, true);
  for (let t = 0; t < count; t++)
    for (let k = 0; k < 9; k++) view.setFloat32(84 + t * 50 + 12 + k * 4, positions[t * 9 + k]!, true);
  return bytes;
}

function turned(mesh: TriangleMesh, rotation: number[]): Float32Array {
  const p = mesh.positions;
  const out = new Float32Array(p.length);
  for (let i = 0; i < p.length; i += 3)
    for (let row = 0; row < 3; row++)
      out[i + row] =
        rotation[row * 3]! * p[i]! + rotation[row * 3 + 1]! * p[i + 1]! + rotation[row * 3 + 2]! * p[i + 2]!;
  return out;
}

/** "1d 2h 3m 4s" (any part may be missing) in seconds. */
function slicerSeconds(text: string): number {
  const unit: Record<string, number> = { d: 86_400, h: 3600, m: 60, s: 1 };
  let seconds = 0;
  for (const [, value, letter] of text.matchAll(/(\d+)([dhms])/g)) seconds += Number(value) * unit[letter!]!;
  return seconds;
}

export interface PrintEstimateRow {
  file: string;
  sizeMm: number[];
  orientation: string;
  slicerG: number;
  estimateG: number;
  slicerMin: number;
  estimateMin: number;
  massError: number;
  timeError: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export function runPrintEstimateBenchmark(meshDir: string) {
  const version = spawnSync('prusa-slicer', ['--help'], { encoding: 'utf8' });
  if (version.error) throw new Error('prusa-slicer is not installed (apt-get install -y prusa-slicer)');
  const slicerVersion = /PrusaSlicer-\S+/.exec(version.stdout)?.[0] ?? 'PrusaSlicer (unknown version)';
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-print-estimate-'));
  const rows: PrintEstimateRow[] = [];
  const skipped: string[] = [];
  for (const file of fs.readdirSync(meshDir).sort()) {
    if (!/\.(stl|obj|glb)$/i.test(file)) continue;
    const parsed = parseMeshFile(new Uint8Array(fs.readFileSync(path.join(meshDir, file))), file);
    let mesh = parsed.mesh;
    if (/\.glb$/i.test(file)) {
      // glTF is Y-up: as the analysis job turns it.
      const p = new Float32Array(mesh.positions.length);
      for (let i = 0; i < p.length; i += 3) {
        p[i] = mesh.positions[i]!;
        p[i + 1] = -mesh.positions[i + 2]!;
        p[i + 2] = mesh.positions[i + 1]!;
      }
      mesh = { positions: p };
    }
    const figures = inspectMesh(mesh, 'mm', { checkBudgetMs: 2000 });
    if (!figures.volumeReliable || figures.components > 1 || figures.selfIntersections.pairs > 0) {
      skipped.push(file);
      continue;
    }
    const unit = demoUnits[file];
    const scale = unit ? millimetresPer[unit] : 50 / Math.max(...figures.boundingBox.size);
    const positions = new Float32Array(mesh.positions.length);
    for (let i = 0; i < positions.length; i++) positions[i] = mesh.positions[i]! * scale;
    const inMm = inspectMesh({ positions }, 'mm', { checkBudgetMs: 2000 });
    const estimate = estimatePrint(inMm.printQuantities, defaultPrintSettings);
    const stl = path.join(work, `${path.parse(file).name}.stl`);
    fs.writeFileSync(
      stl,
      binaryStl(turned({ positions }, rotationPuttingDown(inMm.overhangs.recommended.down))),
    );
    const gcode = path.join(work, `${path.parse(file).name}.gcode`);
    execFileSync('prusa-slicer', ['--export-gcode', ...slicerArguments, '--output', gcode, stl], {
      stdio: 'ignore',
    });
    const text = fs.readFileSync(gcode, 'utf8');
    const slicerG = Number(/; total filament used \[g\] = ([\d.]+)/.exec(text)![1]);
    const slicerS = slicerSeconds(/; estimated printing time \(normal mode\) = (.+)/.exec(text)![1]!);
    rows.push({
      file,
      sizeMm: inMm.overhangs.recommended.sizeMm.map((v) => Math.round(v * 10) / 10),
      orientation: inMm.overhangs.recommended.orientation,
      slicerG,
      estimateG: Math.round(estimate.massG * 100) / 100,
      slicerMin: Math.round((slicerS / 60) * 10) / 10,
      estimateMin: Math.round((estimate.seconds / 60) * 10) / 10,
      massError: estimate.massG / slicerG - 1,
      timeError: estimate.seconds / slicerS - 1,
    });
  }
  fs.rmSync(work, { recursive: true, force: true });
  const massMedian = median(rows.map((r) => Math.abs(r.massError)));
  const timeMedian = median(rows.map((r) => Math.abs(r.timeError)));
  const percent = (v: number) => `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)} %`;
  const lines = [
    `| mesh | size on the plate (mm) | orientation | PrusaSlicer g | estimate g | mass error | PrusaSlicer min | estimate min | time error |`,
    `| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |`,
    ...rows.map(
      (r) =>
        `| ${r.file} | ${r.sizeMm.join(' × ')} | ${r.orientation} | ${r.slicerG} | ${r.estimateG} | ${percent(r.massError)} | ${r.slicerMin} | ${r.estimateMin} | ${percent(r.timeError)} |`,
    ),
    `Median absolute error: mass ${(massMedian * 100).toFixed(1)} % (goal 15 %), time ${(timeMedian * 100).toFixed(1)} % (goal 25 %); ${rows.length} meshes, ${slicerVersion}; skipped (not closed, several bodies or self-intersecting): ${skipped.join(', ')}`,
  ];
  return {
    result: {
      slicer: slicerVersion,
      massMedianError: massMedian,
      timeMedianError: timeMedian,
      rows,
      skipped,
    },
    failed: massMedian > 0.15 || timeMedian > 0.25,
    lines,
  };
}
