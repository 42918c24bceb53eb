import {
  maxSearchImageBytes,
  saveSearchImage,
  searchImageUploadError,
} from '@/features/catalog/server/image-search';
import { AppError } from '@/server/errors';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';
import { assertWithinRateLimit, clientOf } from '@/server/http/rate-limit';

export const dynamic = 'force-dynamic';

/** Uploads per client and minute. */
const uploadsPerMinute = 20;
/** The multipart envelope around the file. */
const envelopeBytes = 64 * 1024;

/**
 * `POST /api/internal/users/upload_search_image` (spec §7): multipart field `file`, a JPG, PNG or WEBP
 * under 25 MB → `201 { data: { imageId } }`; a file too large 413, anything else unreadable 400, both
 * with the spec's message; CSRF-protected and rate-limited per client.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    await verifyMutationRequest(request);
    await assertWithinRateLimit(`upload_search_image:${clientOf(request)}`, uploadsPerMinute, 60_000);
    const declared = Number(request.headers.get('content-length') ?? 0);
    if (declared > maxSearchImageBytes + envelopeBytes)
      throw new AppError('PAYLOAD_TOO_LARGE', searchImageUploadError);
    let file: FormDataEntryValue | null;
    try {
      file = (await request.formData()).get('file');
    } catch {
      throw new AppError('BAD_REQUEST', searchImageUploadError);
    }
    if (!(file instanceof Blob)) throw new AppError('BAD_REQUEST', searchImageUploadError);
    if (file.size >= maxSearchImageBytes) throw new AppError('PAYLOAD_TOO_LARGE', searchImageUploadError);
    const imageId = await saveSearchImage(Buffer.from(await file.arrayBuffer()));
    return jsonData({ imageId }, { status: 201 });
  });
}
