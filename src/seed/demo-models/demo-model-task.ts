/**
 * One demo model's work in a worker thread (issue 28): build its procedural mesh, write it in every
 * format the model offers, analyse it as an upload would be, and render its three pictures.
 */
import { renderMeshPreview } from '@/features/geometry/preview';
import { analyseMesh, type MeshAnalysis } from '@/features/geometry/server/analysis-task';
import { writeMeshFile, type WrittenMeshFormat } from '@/features/geometry/writers';
import { Random } from '@/lib/random';
import { familyNamed } from '@/seed/procedural/families';
import { toTriangleMesh } from '@/seed/procedural/solid';

export interface DemoModelTask {
  family: string;
  seed: number;
  formats: WrittenMeshFormat[];
  /** The model's title: names the object inside the files and the files themselves. */
  name: string;
  /** The rendering's base colour. */
  color: string;
  checkBudgetMs: number;
}

export interface RenderedView {
  rgba: Uint8Array<ArrayBuffer>;
  width: number;
  height: number;
}

export interface DemoModelResult extends MeshAnalysis {
  files: { format: WrittenMeshFormat; fileName: string; unit: 'mm' | 'm'; bytes: Uint8Array<ArrayBuffer> }[];
  views: RenderedView[];
}

/** The hero (the marketplace's three-quarter view), then from the front left, then from above. */
export const demoViews = [
  { azimuthDegrees: 35, elevationDegrees: 25 },
  { azimuthDegrees: -50, elevationDegrees: 15 },
  { azimuthDegrees: 15, elevationDegrees: 60 },
] as const;

/** Rendered at the largest preview width, so the stored sizes are only ever scaled down. */
const viewSize = { width: 720, height: 540 } as const;

export function runDemoModelTask(
  task: DemoModelTask,
  onProgress: (progress: number) => void,
): DemoModelResult {
  const family = familyNamed(task.family);
  if (!family) throw new Error(`no procedural family "${task.family}"`);
  const solid = family.build(new Random(task.seed));
  const files = task.formats.map((format) => {
    const { bytes, fileName, unit } = writeMeshFile(solid, format, task.name);
    return { format, fileName, unit, bytes };
  });
  const mesh = toTriangleMesh(solid);
  // No progress within the analysis: each report is a write to the jobs table, and a model takes a second.
  const analysis = analyseMesh(mesh, 'mm', { checkBudgetMs: task.checkBudgetMs });
  onProgress(70);
  const views = demoViews.map((view) => {
    // Every family's solid is closed and outward-facing (family-check.ts): its back faces can be skipped.
    const picture = renderMeshPreview(mesh, { ...viewSize, ...view, color: task.color, closed: true });
    return {
      rgba: new Uint8Array(picture.rgba.buffer as ArrayBuffer),
      width: picture.width,
      height: picture.height,
    };
  });
  return { ...analysis, files, views };
}
