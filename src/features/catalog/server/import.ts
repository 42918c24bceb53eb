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

import { slugify } from '@/lib/slug';
import type { CategoryRef } from '@/server/db/seed/seed';
import { fileExists } from '@/server/files/store';
import { ensureCategoryPicture, previewWidths, storePreview } from '@/server/images/previews';

import { describeIssue, importLineSchema, type ImportLine } from '../import-schema';
import {
  findCategoryIdsByTreePath,
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
  const accepted: typeof batch = [];
  for (const entry of batch) {
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
  for (const conflict of result.slugConflicts) {
    const entry = accepted.find((e) => e.data.externalId === conflict)!;
    reject(entry.line, 'title: another model already uses the same address (slug)');
  }
  return { changed: result.changed, unchanged: result.ids.size - result.changed };
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
  if (/^[a-z][a-z0-9+.-]*:/i.test(image) && !image.startsWith('file:')) {
    throw new Error('only local files are supported (a path or a file: URL)');
  }
  const imagePath = image.startsWith('file:') ? new URL(image).pathname : path.resolve(baseDir, image);
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
