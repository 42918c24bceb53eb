/**
 * The seed's side of the procedural demo models (issue 28): what a model claims before its mesh exists
 * (only the formats that will be written, no polygon count until the analysis gives the real one, and
 * none of the features a procedural mesh lacks: textures, a rig, animation, UV maps), and
 * the queue of their jobs, most-seen models first.
 */
import type { SqlSession } from '@/server/db/client';
import type { GeneratedModel } from '@/seed/generator';

import { demoFormats, enqueueDemoModels } from './demo-model-job';

/** The demo catalogue gets meshes up to this size; a larger seed (a benchmark's) is only rows. */
export const proceduralMeshLimit = 20_000;

export function withProceduralMesh(model: GeneratedModel): GeneratedModel {
  const formats = demoFormats(model.formats);
  const listed = formats.map((format) => format.toUpperCase()).join(', ');
  return {
    ...model,
    formats,
    description: model.description.replace(/(Supplied as |Files: )[^.]*\.$/, `$1${listed}.`),
    features: [],
    polyCount: null,
    vertexCount: null,
  };
}

/** Queues a job for every model without files, the most trending first (the cards people see first). */
export async function queueProceduralMeshes(handle: SqlSession): Promise<number> {
  const rows = await handle.query<{ id: number }>(
    `SELECT m.id FROM models m
     WHERE NOT EXISTS (SELECT 1 FROM model_files f WHERE f.model_id = m.id)
     ORDER BY m.trending_score DESC, m.id`,
  );
  await enqueueDemoModels(
    handle,
    rows.map((row) => row.id),
  );
  return rows.length;
}
