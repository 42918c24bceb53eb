/**
 * What the studio accepts (decision 0020): model files by extension, checked against their first bytes
 * before anything is stored, and pictures (JPG, PNG, WEBP under 25 MB, spec §9). Mesh formats are
 * analysed; the others are kept as opaque files the buyer downloads.
 */
import {
  isAcceptableFileName,
  maxPictureBytes,
  modelFileFormats,
  pictureFormats,
} from '@/features/geometry/api';
import { fileExtension } from '@/features/geometry/api';

export const maxFilesPerModel = 20;
export const maxPicturesPerModel = 12;
export type UploadKind = 'file' | 'picture';
export type UploadRefusal = 'type' | 'too_large' | 'empty' | 'content' | 'name';

/**
 * The checks made before a byte is read: a sensible name, an accepted extension for the kind, and a
 * declared size within the limit. Returns the format, or why the upload is refused.
 */
export function checkUploadRequest(
  kind: UploadKind,
  fileName: string,
  declaredBytes: number,
  maxFileBytes: number,
): { ok: true; format: string } | { ok: false; refusal: UploadRefusal } {
  if (!isAcceptableFileName(fileName)) return { ok: false, refusal: 'name' };
  const format = fileExtension(fileName);
  const accepted: readonly string[] = kind === 'file' ? modelFileFormats : pictureFormats;
  if (!accepted.includes(format)) return { ok: false, refusal: 'type' };
  if (!Number.isFinite(declaredBytes) || declaredBytes <= 0) return { ok: false, refusal: 'empty' };
  const limit = kind === 'file' ? maxFileBytes : maxPictureBytes;
  if (declaredBytes > limit) return { ok: false, refusal: 'too_large' };
  return { ok: true, format };
}
