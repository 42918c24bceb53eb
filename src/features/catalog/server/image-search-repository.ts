/** Image search's reads and writes (decision 0013): uploaded pictures, descriptors, cells. */
import { asc, eq, inArray } from 'drizzle-orm';

import { getDb } from '@/server/db/client';
import { imageCells, imageDescriptors, searchImages } from './image-search-schema';

export async function insertSearchImage(storageKey: string, descriptor: Uint8Array): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .insert(searchImages)
    .values({ storageKey, descriptor })
    .returning({ id: searchImages.id });
  return row!.id;
}

export async function findSearchImageDescriptor(id: string): Promise<Uint8Array | null> {
  const db = await getDb();
  const [row] = await db
    .select({ descriptor: searchImages.descriptor })
    .from(searchImages)
    .where(eq(searchImages.id, id))
    .limit(1);
  return row?.descriptor ?? null;
}

/** The partition's centroids, by cell number. */
export async function findCellCentroids(): Promise<Uint8Array[]> {
  const db = await getDb();
  const rows = await db
    .select({ centroid: imageCells.centroid })
    .from(imageCells)
    .orderBy(asc(imageCells.id));
  return rows.map((row) => row.centroid);
}

export async function findDescriptorsInCells(
  cells: number[],
): Promise<Array<{ storageKey: string; descriptor: Uint8Array }>> {
  if (cells.length === 0) return [];
  const db = await getDb();
  return db
    .select({ storageKey: imageDescriptors.storageKey, descriptor: imageDescriptors.descriptor })
    .from(imageDescriptors)
    .where(inArray(imageDescriptors.cell, cells));
}
