/**
 * One mesh file's analysis, as a worker thread runs it (analysis-worker.ts): read within the size
 * limit, parse, measure and check (inspect.ts), render the preview picture, and prepare the viewer's
 * copy of the triangles in millimetres with +Z up.
 */
import fs from 'node:fs';

import { lengthUnits, millimetresPer, type LengthUnit } from '../analyze';
import { inspectMesh, type MeshInspection } from '../inspect';
import { meshFingerprint } from '../fingerprint';
import { GeometryError, type TriangleMesh } from '../mesh';
import { parseMeshFile } from '../parse';
import { encodePreviewPng, renderMeshPreview } from '../preview';

export interface AnalysisTask {
  /** Absolute path of the stored file. */
  filePath: string;
  /** The name as uploaded: its extension says the format. */
  fileName: string;
  /** The unit the seller declared; a unit the file declares itself (3MF) wins. */
  unit: LengthUnit;
  maxBytes: number;
  /** Left for the checks that can stop early (self-intersections). */
  checkBudgetMs: number;
  /** Degrees from vertical past which a downward face needs support. */
  overhangThresholdDeg?: number;
}

export interface AnalysisResult extends MeshAnalysis {
  /** The rendered picture, 960 × 720 PNG. */
  previewPng: Uint8Array<ArrayBuffer>;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1048576) * 10) / 10} MB`;

export function readMeshFile(filePath: string, maxBytes: number): Uint8Array {
  const stat = fs.statSync(filePath, { throwIfNoEntry: false });
  if (!stat?.isFile()) throw new GeometryError('malformed', 'the stored file is missing');
  if (stat.size > maxBytes)
    throw new GeometryError(
      'too_large',
      `the file is ${megabytes(stat.size)}, over the ${megabytes(maxBytes)} limit for analysis`,
    );
  return new Uint8Array(fs.readFileSync(filePath));
}

/** glTF is Y-up; the pictures and the viewer are Z-up like the printing formats. */
function zUp(mesh: TriangleMesh): TriangleMesh {
  const p = mesh.positions;
  for (let i = 0; i < p.length; i += 3) {
    const y = p[i + 1]!;
    p[i + 1] = -p[i + 2]!;
    p[i + 2] = y;
  }
  return mesh;
}

export interface MeshAnalysis {
  figures: MeshInspection;
  /** Little-endian Float32 triangle corners in millimetres, +Z up: the 3D viewer's file. */
  viewer: Uint8Array<ArrayBuffer>;
  /** The shape's fingerprint, for stolen-model detection (decision 0057). */
  fingerprint: Float32Array;
}

/** The figures, the viewer's copy and the fingerprint of a mesh already read (+Z up, in `unit`). */
export function analyseMesh(
  mesh: TriangleMesh,
  unit: LengthUnit,
  options: { checkBudgetMs: number; overhangThresholdDeg?: number; onProgress?: (share: number) => void },
): MeshAnalysis {
  const figures = inspectMesh(mesh, unit, options);
  const scale = millimetresPer[unit];
  const viewer = new Float32Array(mesh.positions.length);
  for (let i = 0; i < viewer.length; i++) viewer[i] = mesh.positions[i]! * scale;
  const fingerprint = meshFingerprint(mesh);
  return { figures, viewer: new Uint8Array(viewer.buffer), fingerprint };
}

export async function runAnalysisTask(
  task: AnalysisTask,
  onProgress: (progress: number) => void,
): Promise<AnalysisResult> {
  if (!(lengthUnits as readonly string[]).includes(task.unit))
    throw new GeometryError('malformed', `unknown unit ${task.unit}`);
  const bytes = readMeshFile(task.filePath, task.maxBytes);
  onProgress(5);
  const parsed = parseMeshFile(bytes, task.fileName);
  const yUp = /\.(glb|gltf)$/i.test(task.fileName);
  const mesh = yUp ? zUp(parsed.mesh) : parsed.mesh;
  const unit = parsed.unit ?? task.unit;
  onProgress(15);
  const analysis = analyseMesh(mesh, unit, {
    checkBudgetMs: task.checkBudgetMs,
    overhangThresholdDeg: task.overhangThresholdDeg,
    onProgress: (share) => onProgress(15 + Math.round(share * 65)),
  });
  const picture = renderMeshPreview(mesh, { width: 960, height: 720 });
  const previewPng = new Uint8Array(await encodePreviewPng(picture));
  onProgress(95);
  return { ...analysis, previewPng };
}
