import type { DownloadFile } from '../schemas';
import { isValidDownloadLink, userOfSlicerLink, withDownloadLinks } from './download-links';
import {
  findModelFiles,
  findOwnedFile,
  findPurchases,
  findTeamPurchases,
  findValidCoupon,
  insertDownloadEvent,
  type PurchaseDto,
  type TeamPurchaseDto,
} from './repository';

export interface PurchaseWithDownloads extends PurchaseDto {
  files: DownloadFile[];
}

/** "My purchases": every model owned, with fresh signed download links for this buyer only. */
export async function getPurchases(userId: number, now = new Date()): Promise<PurchaseWithDownloads[]> {
  const purchases = await findPurchases(userId);
  const files = await findModelFiles([...new Set(purchases.map((p) => p.modelId))]);
  return purchases.map((purchase) => ({
    ...purchase,
    files: files
      .filter((file) => file.modelId === purchase.modelId)
      .map((file) => withDownloadLinks(file, userId, now)),
  }));
}

export interface TeamPurchaseWithDownloads extends TeamPurchaseDto {
  files: PurchaseWithDownloads['files'];
}

/**
 * The shared library of the user's business team: every model a member bought, with its buyer and
 * download links signed for this user (the download route lets teammates in). Empty outside a team.
 */
export async function getTeamLibrary(userId: number, now = new Date()): Promise<TeamPurchaseWithDownloads[]> {
  const purchases = await findTeamPurchases(userId);
  const files = await findModelFiles(purchases.map((p) => p.modelId));
  return purchases.map((purchase) => ({
    ...purchase,
    files: files
      .filter((file) => file.modelId === purchase.modelId)
      .map((file) => withDownloadLinks(file, userId, now)),
  }));
}

export function getValidCoupon(code: string, now = new Date()) {
  return findValidCoupon(code.trim().toUpperCase(), now);
}

/**
 * The file behind a download link, when the link is valid and the visitor owns the model: else null
 * (the route answers 404 for every such case, so nobody learns which files exist).
 */
export async function getDownload(
  fileId: number,
  userId: number,
  link: { expires: string | null; signature: string | null },
  now = new Date(),
) {
  if (!isValidDownloadLink(fileId, userId, link.expires, link.signature, now)) return null;
  const file = await findOwnedFile(fileId, userId);
  if (file) await insertDownloadEvent({ modelId: file.modelId, fileId, userId });
  return file;
}

/**
 * The file behind a slicer link (no session: the signed path names the user), when the link is valid
 * and that user still owns the model; else null, for a 404 that tells nothing.
 */
export async function getSlicerDownload(fileId: number, token: string, now = new Date()) {
  const userId = userOfSlicerLink(fileId, token, now);
  if (userId === null) return null;
  const file = await findOwnedFile(fileId, userId);
  if (file) await insertDownloadEvent({ modelId: file.modelId, fileId, userId });
  return file;
}
