/**
 * The catalogue import: a JSON Lines file, one model per line, streamed in batches. Every line is
 * validated; good lines are upserted by external id (re-running the same file changes nothing), bad
 * lines are reported by number and reason. Imported models are searchable at once (their search
 * vector is a generated column).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

import { env } from '@/env';
import { meshFormatOf } from '@/features/geometry/api';
import { slugify } from '@/lib/slug';
import type { CategoryRef } from './categories';
import { fileExists, writeFile } from '@/server/files/store';
import { enqueueMeshAnalysis } from '@/server/jobs/kinds';
import { ensureCategoryPicture, previewWidths, storePreview } from '@/server/images/previews';

import { describeIssue, importLineSchema, type ImportLine, type LengthUnit } from '../import-schema';
import {
  findCategoryIdsByTreePath,
  insertModelFile,
  inTransaction,
  refreshAfterImport,
  upsertDesigners,
  upsertModels,
  upsertPreviews,
} from './import-repository';

export interface ImportReport {
  lines: number;
  imported: number;
  unchanged: number;
  rejectedCount: number;
  /** The first `maxKeptRejections` rejected lines (all are passed to `onRejected`). */
  rejected: Array<{ line: number; reason: string }>;
}

export interface ImportOptions {
  batchSize?: number;
  onProgress?: (report: ImportReport) => void;
  onRejected?: (line: number, reason: string) => void;
  /** Root of the file store for pictures; defaults to the configured one. */
  filesRoot?: string;
}

const maxLineBytes = 64 * 1024;
/** Memory stays constant whatever the file: only this many rejections are kept in the report. */
const maxKeptRejections = 1000;
const maxImageBytes = 25 * 1024 * 1024;

export async function importCatalog(file: string, options: ImportOptions = {}): Promise<ImportReport> {
  const batchSize = options.batchSize ?? 1000;
  const report: ImportReport = { lines: 0, imported: 0, unchanged: 0, rejectedCount: 0, rejected: [] };
  const reject = (line: number, reason: string) => {
    report.rejectedCount++;
    if (report.rejected.length < maxKeptRejections) report.rejected.push({ line, reason });
    options.onRejected?.(line, reason);
  };
  const categories = await findCategoryIdsByTreePath(options.filesRoot);
  const baseDir = path.dirname(path.resolve(file));
  const input = readline.createInterface({
    input: fs.createReadStream(file, { encoding: 'utf8' }),
    crlfDelay: Infinity,
  });
  let batch: BatchEntry[] = [];
  const idsInBatch = new Set<string>();

  const flush = async () => {
    if (batch.length === 0) return;
    const current = batch;
    batch = [];
    idsInBatch.clear();
    const written = await writeBatch(current, baseDir, options.filesRoot, reject);
    report.imported += written.changed;
    report.unchanged += written.unchanged;
    options.onProgress?.(report);
  };

  for await (const text of input) {
    report.lines++;
    const lineNumber = report.lines;
    if (text.trim() === '') continue;
    if (Buffer.byteLength(text) > maxLineBytes) {
      reject(lineNumber, `line is longer than ${maxLineBytes} bytes`);
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      reject(lineNumber, 'not valid JSON');
      continue;
    }
    const parsed = importLineSchema.safeParse(json);
    if (!parsed.success) {
      reject(lineNumber, describeIssue(parsed.error));
      continue;
    }
    const category = categories.get(parsed.data.category);
    if (!category) {
      reject(lineNumber, `category: unknown category '${parsed.data.category}'`);
      continue;
    }
    // A file may list an id twice: the later line wins, after the earlier one's batch is written.
    if (idsInBatch.has(parsed.data.externalId)) await flush();
    idsInBatch.add(parsed.data.externalId);
    batch.push({ line: lineNumber, data: parsed.data, category });
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  if (report.imported > 0) await refreshAfterImport(options.filesRoot);
  report.rejected.sort((a, b) => a.line - b.line);
  return report;
}

/** The stable slug of an imported model: its title plus a short hash of its external id. */
export function importedSlug(title: string, externalId: string): string {
  const hash = createHash('sha256').update(externalId).digest('hex').slice(0, 8);
  return `${slugify(title, 70)}-${hash}`;
}

interface BatchEntry {
  line: number;
  data: ImportLine;
  category: CategoryRef;
}

async function writeBatch(
  batch: BatchEntry[],
  baseDir: string,
  filesRoot: string | undefined,
  reject: (line: number, reason: string) => void,
): Promise<{ changed: number; unchanged: number }> {
  const pictures = new Map<string, string>();
  const meshes = new Map<string, string>();
  const accepted: typeof batch = [];
  for (const entry of batch) {
    try {
      if (entry.data.mesh) meshes.set(entry.data.externalId, await meshPathFor(entry.data.mesh, baseDir));
    } catch (error) {
      reject(entry.line, `mesh: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    try {
      pictures.set(entry.data.externalId, await pictureFor(entry, baseDir, filesRoot));
      accepted.push(entry);
    } catch (error) {
      reject(entry.line, `image: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (accepted.length === 0) return { changed: 0, unchanged: 0 };
  const result = await inTransaction(async (query) => {
    const designerIds = await upsertDesigners(query, [...new Set(accepted.map((e) => e.data.designer))]);
    const models = await upsertModels(
      query,
      accepted.map((e) => ({
        externalId: e.data.externalId,
        slug: importedSlug(e.data.title, e.data.externalId),
        title: e.data.title,
        description: e.data.description,
        designerId: designerIds.get(e.data.designer.toLowerCase())!,
        categoryId: e.category.id,
        rootCategoryId: e.category.rootId,
        productType: e.data.category.startsWith('print/') ? 'print' : 'models',
        priceCents: e.data.price,
        saleDiscountCents: e.data.discount,
        formats: e.data.formats,
        licence: e.data.licence,
        tags: [...new Set(e.data.tags)],
      })),
    );
    await upsertPreviews(
      query,
      [...models.ids.entries()].map(([externalId, modelId]) => ({
        modelId,
        storageKey: pictures.get(externalId)!,
      })),
    );
    return models;
  });
  for (const entry of accepted) {
    const modelId = result.ids.get(entry.data.externalId);
    const meshPath = meshes.get(entry.data.externalId);
    if (modelId !== undefined && meshPath) await storeMesh(modelId, meshPath, entry.data.unit, filesRoot);
  }
  for (const conflict of result.slugConflicts) {
    const entry = accepted.find((e) => e.data.externalId === conflict)!;
    reject(entry.line, 'title: another model already uses the same address (slug)');
  }
  return { changed: result.changed, unchanged: result.ids.size - result.changed };
}

/** Resolves a line's local file (a path beside the import file, or a file: URL). */
function localPath(reference: string, baseDir: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(reference) && !reference.startsWith('file:')) {
    throw new Error('only local files are supported (a path or a file: URL)');
  }
  return reference.startsWith('file:') ? new URL(reference).pathname : path.resolve(baseDir, reference);
}

async function meshPathFor(mesh: string, baseDir: string): Promise<string> {
  const meshPath = localPath(mesh, baseDir);
  const stat = await fs.promises.stat(meshPath).catch(() => null);
  if (!stat?.isFile()) throw new Error(`file not found: ${mesh}`);
  if (stat.size > env.MESH_MAX_MB * 1024 * 1024) throw new Error(`file is larger than ${env.MESH_MAX_MB} MB`);
  return meshPath;
}

/**
 * Stores a line's mesh as its model's file (under a hash of its bytes, so an unchanged file is not
 * stored or analysed again) and queues its analysis.
 */
async function storeMesh(modelId: number, meshPath: string, unit: LengthUnit, filesRoot: string | undefined) {
  const data = await fs.promises.readFile(meshPath);
  const fileName = path.basename(meshPath);
  const format = meshFormatOf(fileName)!;
  const storageKey = `models/m${modelId}/${createHash('sha256').update(data).digest('hex').slice(0, 32)}.${format}`;
  if (!(await fileExists(storageKey, filesRoot))) await writeFile(storageKey, data, filesRoot);
  await inTransaction(async (query) => {
    const fileId = await insertModelFile(query, {
      modelId,
      fileName,
      format,
      sizeBytes: data.length,
      storageKey,
      unit,
    });
    if (fileId !== null) await enqueueMeshAnalysis({ query }, fileId);
  });
}

/** The stored picture of a line: its own image (stored under a hash of its bytes) or its category's. */
async function pictureFor(
  entry: BatchEntry,
  baseDir: string,
  filesRoot: string | undefined,
): Promise<string> {
  const { image, externalId } = entry.data;
  if (!image) {
    const variant = createHash('sha256').update(externalId).digest()[0]! % 8;
    return ensureCategoryPicture(entry.category.icon, variant, filesRoot);
  }
  const imagePath = localPath(image, baseDir);
  const stat = await fs.promises.stat(imagePath).catch(() => null);
  if (!stat?.isFile()) throw new Error(`file not found: ${image}`);
  if (stat.size > maxImageBytes) throw new Error('file is larger than 25 MB');
  const data = await fs.promises.readFile(imagePath);
  const key = `previews/imported/${createHash('sha256').update(data).digest('hex').slice(0, 32)}`;
  if (await fileExists(`${key}-${previewWidths[previewWidths.length - 1]}.webp`, filesRoot)) return key;
  try {
    await storePreview(key, data, filesRoot);
  } catch {
    throw new Error(`not a readable JPG, PNG or WebP picture: ${image}`);
  }
  return key;
}
