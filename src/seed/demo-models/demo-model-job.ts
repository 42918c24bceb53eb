/**
 * The `demo_model` job (issue 28): gives one model of the demo catalogue its procedural mesh, files,
 * figures and pictures. The seed queues one per model, most-seen first; a separate runner takes them
 * after the server is ready, so start stays fast and a seller's upload never waits behind them.
 *
 * Re-usable work: everything a model's job makes is stored under a key of what it was made from (the
 * family, the seed, the formats, the title, the colour and the generator's version), with a
 * `bundle.json` written last. A reseed, or a job run again after a crash, finds the bundle and only
 * writes the database rows.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';

import type { MeshInspection } from '@/features/geometry/inspect';
import { writtenMeshFormats, type WrittenMeshFormat } from '@/features/geometry/writers';
import { saveGeneratedModel } from '@/features/geometry/server/analysis-commands';
import type { SqlSession } from '@/server/db/client';
import { fileExists, readFile, writeFile } from '@/server/files/store';
import { refreshImageIndex } from '@/server/images/image-index';
import { storePreview } from '@/server/images/previews';
import { PermanentJobError } from '@/server/jobs/queue';
import type { JobHandler } from '@/server/jobs/runner';
import { WorkerPool } from '@/server/jobs/worker-pool';
import { logger } from '@/server/logger';
import { familyChooser } from '@/seed/procedural/choose-family';
import { families } from '@/seed/procedural/families';

import type { DemoModelResult, DemoModelTask } from './demo-model-task';
import { demoModelProgress } from './progress';

export const demoModelJob = 'demo_model';

const gzipAsync = promisify(gzipCallback);
/** Level 4: 40 % less work than the default 6 on meshes' float data, for 1–2 % more bytes (decision 0058). */
const gzip = (bytes: Uint8Array) => gzipAsync(bytes, { level: 4 });

/** Bump when a family changes its objects: the stored bundles of the old ones are then not re-used. */
const generatorVersion = 2;

/** Material colours for the renderings, so that neighbouring cards differ in more than shape. */
const colors = [
  '#7f95b5',
  '#c07a5a',
  '#7fa37f',
  '#c9b38a',
  '#6f7f91',
  '#9a7aa0',
  '#c9a24a',
  '#5f9ea0',
  '#b0625a',
  '#a8a295',
  '#6fa3c7',
  '#8c8f5a',
] as const;

/** What a model offers: STL always, and the other formats the marketplace can write where listed. */
export function demoFormats(listed: readonly string[]): WrittenMeshFormat[] {
  return writtenMeshFormats.filter((format) => format === 'stl' || listed.includes(format));
}

const workerScript = path.join(process.cwd(), 'src/seed/demo-models/demo-model-worker.ts');

export function createDemoModelPool(size: number) {
  return new WorkerPool(workerScript, { size, resourceLimits: { maxOldGenerationSizeMb: 512 } });
}

/** Queues the models' jobs; they run in the order given. */
export async function enqueueDemoModels(
  db: Pick<SqlSession, 'query'>,
  modelIds: readonly number[],
): Promise<void> {
  for (let i = 0; i < modelIds.length; i += 1000)
    await db.query(
      `INSERT INTO jobs (kind, payload, dedupe_key, max_attempts, run_after, created_at, updated_at)
       SELECT $1, jsonb_build_object('modelId', id), $1 || ':' || id, 3, now(), now(), now()
       FROM unnest($2::int[]) WITH ORDINALITY AS t(id, n) ORDER BY n
       ON CONFLICT (dedupe_key) WHERE status IN ('queued', 'running') DO NOTHING`,
      [demoModelJob, modelIds.slice(i, i + 1000)],
    );
}

interface Bundle {
  figures: MeshInspection;
  fingerprint: number[];
  files: {
    format: WrittenMeshFormat;
    fileName: string;
    unit: 'mm' | 'm';
    sizeBytes: number;
    storageKey: string;
  }[];
  viewerKey: string;
  previewKeys: string[];
}

async function readBundle(folder: string, root: string | undefined): Promise<Bundle | null> {
  try {
    const bundle = JSON.parse((await readFile(`${folder}/bundle.json`, root)).toString('utf8')) as Bundle;
    const keys = [...bundle.files.map((file) => file.storageKey), bundle.viewerKey];
    const present = await Promise.all(keys.map((key) => fileExists(key, root)));
    return present.every(Boolean) ? bundle : null;
  } catch {
    return null;
  }
}

async function storeResult(
  folder: string,
  result: DemoModelResult,
  root: string | undefined,
): Promise<Bundle> {
  const files = await Promise.all(
    result.files.map(async (file) => {
      // Stored compressed (a third of the size); the download sends the file as it was (file-download.ts).
      const storageKey = `${folder}/${file.fileName}.gz`;
      await writeFile(storageKey, await gzip(file.bytes), root);
      return {
        format: file.format,
        fileName: file.fileName,
        unit: file.unit,
        sizeBytes: file.bytes.length,
        storageKey,
      };
    }),
  );
  // The 3D viewer's copy and the pictures are public (the files route serves their folders); the files sold are not.
  const name = folder.split('/').at(-1)!;
  const viewerKey = `viewer/demo-${name}.bin.gz`;
  await writeFile(viewerKey, await gzip(result.viewer), root);
  const previewKeys = result.views.map((_, i) => `previews/rendered/demo-${name}-${i}`);
  for (const [i, view] of result.views.entries()) await storePreview(previewKeys[i]!, view, root);
  const bundle: Bundle = {
    figures: result.figures,
    fingerprint: Array.from(result.fingerprint),
    files,
    viewerKey,
    previewKeys,
  };
  await writeFile(`${folder}/bundle.json`, Buffer.from(JSON.stringify(bundle)), root);
  return bundle;
}

export function createDemoModelHandler(options: {
  pool: WorkerPool;
  db: SqlSession;
  filesRoot?: string;
  timeoutMs?: number;
  /** Models between two refreshes of the image-search index (and the last one). */
  indexEvery?: number;
}): JobHandler {
  const { db, pool, filesRoot } = options;
  const chooser = familyChooser(families);
  const indexEvery = options.indexEvery ?? 500;
  let sinceIndexed = 0;
  let indexing: Promise<unknown> = Promise.resolve();
  return async (job, context) => {
    const modelId = Number(job.payload.modelId);
    const [model] = Number.isInteger(modelId)
      ? await db.query<{ title: string; path: string; formats: string[]; has_files: boolean }>(
          `SELECT m.title, c.path, m.formats,
             EXISTS (SELECT 1 FROM model_files f WHERE f.model_id = m.id) AS has_files
           FROM models m JOIN categories c ON c.id = m.category_id WHERE m.id = $1`,
          [modelId],
        )
      : [];
    if (!model) throw new PermanentJobError(`model ${String(job.payload.modelId)} does not exist`);
    if (model.has_files) return { skipped: 'the model has files' };
    const family = chooser.choose(model.title, model.path, modelId);
    const task: DemoModelTask = {
      family: family.name,
      seed: modelId,
      formats: demoFormats(model.formats),
      name: model.title,
      color: colors[(modelId * 7) % colors.length]!,
      checkBudgetMs: 10_000,
    };
    const key = createHash('sha256')
      .update(JSON.stringify([generatorVersion, task]))
      .digest('hex')
      .slice(0, 20);
    const folder = `demo-models/${key}`;
    let bundle = await readBundle(folder, filesRoot);
    const reused = bundle !== null;
    if (!bundle) {
      const result = await pool.run<DemoModelResult>(task, {
        timeoutMs: options.timeoutMs ?? 120_000,
        onProgress: (progress) => void context.reportProgress(progress).catch(() => {}),
      });
      bundle = await storeResult(folder, result, filesRoot);
    }
    await saveGeneratedModel({
      modelId,
      files: bundle.files,
      figures: bundle.figures,
      viewerKey: bundle.viewerKey,
      renderedPreviewKeys: bundle.previewKeys,
      fingerprint: bundle.fingerprint,
    });
    const progress = await demoModelProgress(db);
    // Once none is queued, each of the last few (one per runner) refreshes: whichever ends last, its
    // model is in the index. (Counting the running ones instead races with a runner finishing its job.)
    const last = progress.queued === 0;
    if (++sinceIndexed >= indexEvery || last) {
      sinceIndexed = 0;
      indexing = indexing
        .then(() => refreshImageIndex(db, filesRoot))
        .catch((error: unknown) => {
          logger.warn({ err: error }, 'image-search index refresh failed');
        });
      await indexing;
    }
    // The work wrote a WAL of hundreds of megabytes; a checkpoint lets the database drop it now rather
    // than at its next restart (PostgreSQL refuses it to a role without the right, and checkpoints on its own).
    if (last) await db.exec('CHECKPOINT').catch(() => {});
    const done = progress.done + 1;
    if (done % 100 === 0 || last)
      logger.info(
        { done, total: progress.total, perMinute: progress.perMinute },
        `demo catalogue: ${done} of ${progress.total} models have their meshes and pictures`,
      );
    return { family: family.name, triangles: bundle.figures.triangles, reused };
  };
}
