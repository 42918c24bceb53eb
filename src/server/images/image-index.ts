/**
 * The image-search index (decision 0013): a descriptor for every preview picture, in
 * `image_descriptors`, partitioned into cells around k-means centroids (`image_cells`) so a search
 * scans only the few cells nearest to its picture. Rebuilt after seed and import.
 */
import type { SqlSession } from '@/server/db/client';
import { readFile } from '@/server/files/store';

import { computeDescriptor, descriptorDistance, descriptorLength } from './descriptor';
import { previewWidths } from './previews';

/** Cells: about √n, at least 1, at most 4,096. */
export const cellCount = (pictures: number) => Math.max(1, Math.min(4096, Math.round(Math.sqrt(pictures))));

const toBytes = (value: unknown) => new Uint8Array(value as ArrayLike<number>);

/** The nearest centroid's index. */
export function nearestCell(descriptor: Uint8Array, centroids: Uint8Array[]): number {
  let best = 0;
  let bestDistance = Infinity;
  centroids.forEach((centroid, i) => {
    const d = descriptorDistance(descriptor, centroid);
    if (d < bestDistance) [best, bestDistance] = [i, d];
  });
  return best;
}

/** k-means (a few rounds of Lloyd's algorithm from evenly spread starting points); deterministic. */
export function kMeans(points: Uint8Array[], k: number, rounds = 8): Uint8Array[] {
  const step = points.length / k;
  let centroids = Array.from({ length: k }, (_, i) => points[Math.floor(i * step)]!);
  for (let round = 0; round < rounds; round++) {
    const sums = Array.from({ length: k }, () => new Float64Array(descriptorLength));
    const counts = new Array<number>(k).fill(0);
    for (const point of points) {
      const cell = nearestCell(point, centroids);
      counts[cell]!++;
      const sum = sums[cell]!;
      for (let i = 0; i < descriptorLength; i++) sum[i]! += point[i]!;
    }
    centroids = centroids.map((old, cell) =>
      counts[cell] ? Uint8Array.from(sums[cell]!, (v) => Math.round(v / counts[cell]!)) : old,
    );
  }
  return centroids;
}

/**
 * Describes the preview pictures that have no descriptor yet (from their smallest file), then
 * re-partitions all descriptors when some were added. Returns how many were described.
 */
export async function refreshImageIndex(handle: SqlSession, filesRoot?: string): Promise<number> {
  const missing = await handle.query<{ storage_key: string }>(
    `SELECT DISTINCT p.storage_key FROM preview_images p
     WHERE NOT EXISTS (SELECT 1 FROM image_descriptors d WHERE d.storage_key = p.storage_key)`,
  );
  const keys = missing.map((row) => row.storage_key);
  let described = 0;
  for (let i = 0; i < keys.length; i += 16) {
    const batch = keys.slice(i, i + 16);
    const batchRows = await Promise.all(
      batch.map(async (key) => {
        try {
          return {
            key,
            descriptor: await computeDescriptor(await readFile(`${key}-${previewWidths[0]}.webp`, filesRoot)),
          };
        } catch {
          return null; // A picture that cannot be read is left out of image search, not fatal.
        }
      }),
    );
    const rows = batchRows.filter((row) => row !== null);
    if (rows.length === 0) continue;
    described += rows.length;
    await handle.query(
      `INSERT INTO image_descriptors (storage_key, descriptor)
       SELECT k, decode(d, 'hex') FROM unnest($1::text[], $2::text[]) AS t(k, d)
       ON CONFLICT (storage_key) DO NOTHING`,
      [rows.map((r) => r.key), rows.map((r) => Buffer.from(r.descriptor).toString('hex'))],
    );
  }
  if (described > 0) await repartition(handle);
  return described;
}

async function repartition(handle: SqlSession): Promise<void> {
  const rows = await handle.query<{ storage_key: string; descriptor: unknown }>(
    `SELECT storage_key, descriptor FROM image_descriptors ORDER BY storage_key`,
  );
  const points = rows.map((row) => toBytes(row.descriptor));
  const centroids = kMeans(points, cellCount(points.length));
  const cells = points.map((point) => nearestCell(point, centroids));
  await handle.exec('DELETE FROM image_cells;');
  await handle.query(
    `INSERT INTO image_cells (id, centroid) SELECT i - 1, decode(c, 'hex') FROM unnest($1::text[]) WITH ORDINALITY AS t(c, i)`,
    [centroids.map((c) => Buffer.from(c).toString('hex'))],
  );
  await handle.query(
    `UPDATE image_descriptors d SET cell = t.cell FROM unnest($1::text[], $2::int[]) AS t(k, cell)
     WHERE d.storage_key = t.k AND d.cell IS DISTINCT FROM t.cell`,
    [rows.map((row) => row.storage_key), cells],
  );
}
