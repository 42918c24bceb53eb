import { downloadHref, isValidDownloadLink } from './download-links';
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
  files: { id: number; fileName: string; format: string; sizeBytes: number; href: string }[];
}

/** "My purchases": every model owned, with fresh signed download links for this buyer only. */
export async function getPurchases(userId: number, now = new Date()): Promise<PurchaseWithDownloads[]> {
  const purchases = await findPurchases(userId);
  const files = await findModelFiles([...new Set(purchases.map((p) => p.modelId))]);
  return purchases.map((purchase) => ({
    ...purchase,
    files: files
      .filter((file) => file.modelId === purchase.modelId)
      .map((file) => ({ ...file, href: downloadHref(file.id, userId, now) })),
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
      .map((file) => ({ ...file, href: downloadHref(file.id, userId, now) })),
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
