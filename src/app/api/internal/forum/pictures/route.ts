import { AppError } from '@/server/errors';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors } from '@/server/http/json';
import { assertWithinRateLimit } from '@/server/http/rate-limit';
import {
  maxUserPictureBytes,
  storeUserPicture,
  userPictureUrl,
  UserPictureRefused,
} from '@/server/images/user-pictures';

export const dynamic = 'force-dynamic';

const envelopeBytes = 64 * 1024;

const tooLarge = () =>
  Response.json(
    {
      error: {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'Picture too large',
        fieldErrors: { picture: 'picture_too_large' },
      },
    },
    { status: 413, headers: { 'cache-control': 'no-store' } },
  );

/**
 * A picture for a forum post: multipart field `file`, a JPG, PNG or WebP (by its bytes) up to 15 MB and
 * 50 megapixels → `201 { data: { markdown, url, width, height } }` (WebP at 360/720/1440 wide, metadata
 * removed). 400 `fieldErrors.picture` `picture_type` or `picture_dimensions`, 413 `picture_too_large`,
 * 401 guest, 403 no CSRF, 429 past 30 an hour.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    await assertWithinRateLimit(`forum_picture:user:${user.id}`, 30, 3_600_000);
    if (Number(request.headers.get('content-length') ?? 0) > maxUserPictureBytes + envelopeBytes)
      return tooLarge();
    let file: FormDataEntryValue | null;
    try {
      file = (await request.formData()).get('file');
    } catch {
      throw new AppError('BAD_REQUEST', 'Expected a multipart upload with the field "file"');
    }
    if (!(file instanceof Blob)) return jsonFieldErrors({ picture: 'picture_type' });
    if (file.size > maxUserPictureBytes) return tooLarge();
    try {
      const stored = await storeUserPicture('forum', Buffer.from(await file.arrayBuffer()));
      const url = userPictureUrl(stored.key, 720);
      return jsonData(
        { markdown: `![](${url})`, url, width: stored.width, height: stored.height },
        { status: 201 },
      );
    } catch (error) {
      if (!(error instanceof UserPictureRefused)) throw error;
      return error.reason === 'picture_too_large' ? tooLarge() : jsonFieldErrors({ picture: error.reason });
    }
  });
}
