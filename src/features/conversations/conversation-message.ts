/**
 * The rules of a conversation message, shared by the browser and the server (decision 0024): a text
 * of at most 5,000 characters (the `messages_body_length` check), required unless files go with it,
 * and at most 10 attachments — pictures (JPG, PNG, WEBP under 25 MB) or model files up to the upload
 * limit — judged by name, extension and declared size before a byte is read.
 */
import {
  fileExtension,
  isAcceptableFileName,
  maxPictureBytes,
  modelFileFormats,
  pictureFormats,
} from '@/features/geometry/api';

export const messageBodyMaxLength = 5000;
export const maxAttachmentsPerMessage = 10;

export type MessageBodyError = 'required' | 'too_long';

/**
 * The trimmed text of a message, or why it is refused: empty is allowed only when files follow.
 * Anything that is not a string counts as empty.
 */
export function validateMessageBody(
  input: unknown,
  { withAttachments = false }: { withAttachments?: boolean } = {},
): { ok: true; body: string } | { ok: false; error: MessageBodyError } {
  const body = typeof input === 'string' ? input.trim() : '';
  if (body === '' && !withAttachments) return { ok: false, error: 'required' };
  if (body.length > messageBodyMaxLength) return { ok: false, error: 'too_long' };
  return { ok: true, body };
}

/** Why a file is refused before a byte of it is read. */
export type AttachmentRequestRefusal = 'name' | 'type' | 'empty' | 'too_large';
export type AttachmentRefusal = AttachmentRequestRefusal | 'content' | 'limit';

export const attachmentFormats: readonly string[] = [...pictureFormats, ...modelFileFormats];

/** What the file input offers (extensions with a dot). */
export const attachmentAccept = attachmentFormats.map((format) => `.${format}`).join(',');

/**
 * The checks made before a byte of an attachment is read: a sensible name, an accepted extension, a
 * declared size above 0 and within the limit of its kind (pictures 25 MB, model files `maxModelBytes`).
 */
export function checkAttachmentRequest(
  fileName: string,
  declaredBytes: number,
  maxModelBytes: number,
): { ok: true; format: string; maxBytes: number } | { ok: false; refusal: AttachmentRequestRefusal } {
  if (!isAcceptableFileName(fileName)) return { ok: false, refusal: 'name' };
  const format = fileExtension(fileName);
  const picture = (pictureFormats as readonly string[]).includes(format);
  if (!picture && !(modelFileFormats as readonly string[]).includes(format))
    return { ok: false, refusal: 'type' };
  if (!Number.isFinite(declaredBytes) || declaredBytes <= 0) return { ok: false, refusal: 'empty' };
  const maxBytes = picture ? maxPictureBytes : maxModelBytes;
  if (declaredBytes > maxBytes) return { ok: false, refusal: 'too_large' };
  return { ok: true, format, maxBytes };
}

/** The content type an attachment is stored with (it is always served as a download). */
export function attachmentContentType(format: string): string {
  switch (format) {
    case 'jpg':
    case 'jpeg':
      return 'image/jpeg';
    case 'png':
      return 'image/png';
    case 'webp':
      return 'image/webp';
    default:
      return 'application/octet-stream';
  }
}
