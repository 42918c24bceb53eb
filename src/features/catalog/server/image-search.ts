/**
 * Image search (issue 4 part 4, decision 0013): an uploaded picture is checked by its bytes,
 * re-encoded, described, and kept; a listing with its `image_id` shows the models whose preview
 * pictures are most alike.
 */
import { randomUUID } from 'node:crypto';

import sharp from 'sharp';

import { TtlCache } from '@/lib/ttl-cache';
import { AppError } from '@/server/errors';
import { writeFile } from '@/server/files/store';
import { computeDescriptor, descriptorDistance } from '@/server/images/descriptor';
import { sniffImageType } from '@/server/images/image-type';

import {
  findCellCentroids,
  findDescriptorsInCells,
  findSearchImageDescriptor,
  insertSearchImage,
} from './image-search-repository';

export { sniffImageType };

/** Spec §5/§9: JPG, PNG or WEBP, under 25 MB. */
export const maxSearchImageBytes = 25 * 1024 * 1024;
/** The one message a failed upload shows (spec §8). */
export const searchImageUploadError = 'Your image failed to upload. Please try again or contact our support.';

/**
 * Keeps an uploaded picture to search by: a JPG, PNG or WEBP under 25 MB, decoded and re-encoded as
 * WebP (never stored as uploaded). Returns its id.
 */
export async function saveSearchImage(bytes: Buffer): Promise<string> {
  if (bytes.length >= maxSearchImageBytes) throw new AppError('PAYLOAD_TOO_LARGE', searchImageUploadError);
  if (!sniffImageType(bytes)) throw new AppError('BAD_REQUEST', searchImageUploadError);
  let encoded: Buffer;
  try {
    encoded = await sharp(bytes, { limitInputPixels: 64_000_000 })
      .rotate()
      .resize(720, 720, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new AppError('BAD_REQUEST', searchImageUploadError);
  }
  const storageKey = `search-images/${randomUUID()}.webp`;
  await writeFile(storageKey, encoded);
  return insertSearchImage(storageKey, await computeDescriptor(encoded));
}

/** Cells scanned per search: the nearest few hold the nearest pictures almost always. */
const probedCells = 4;
/** Pictures a search returns (each may be the picture of several models). */
const similarPictureCount = 48;

const similarCache = new TtlCache<Promise<string[]>>(10 * 60_000, 1_000);

async function searchSimilarPictures(imageId: string): Promise<string[]> {
  const descriptor = await findSearchImageDescriptor(imageId);
  if (!descriptor) return [];
  const centroids = await findCellCentroids();
  const cells = centroids
    .map((centroid, cell) => ({ cell, distance: descriptorDistance(descriptor, centroid) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, probedCells)
    .map((c) => c.cell);
  const candidates = await findDescriptorsInCells(cells);
  return candidates
    .map((c) => ({ key: c.storageKey, distance: descriptorDistance(descriptor, c.descriptor) }))
    .sort((a, b) => a.distance - b.distance || (a.key < b.key ? -1 : 1))
    .slice(0, similarPictureCount)
    .map((c) => c.key);
}

/**
 * The preview pictures most alike an uploaded one, most alike first; empty for an unknown id. Kept
 * ten minutes per id (pages of one search ask again).
 */
export function findSimilarPictures(imageId: string): Promise<string[]> {
  const cached = similarCache.get(imageId);
  if (cached) return cached;
  const found = searchSimilarPictures(imageId);
  similarCache.set(imageId, found);
  found.catch(() => similarCache.delete(imageId));
  return found;
}
