import { changeAvatar } from '@/features/accounts/server/avatar-commands';
import { AppError } from '@/server/errors';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors } from '@/server/http/json';
import { profilePages, purgeCachedPages } from '@/server/http/page-cache-purge';
import { avatarImageOf } from '@/server/images/avatar-image';
import { AvatarRefused, maxAvatarBytes } from '@/server/images/avatars';

export const dynamic = 'force-dynamic';

/** The multipart envelope around the file. */
const envelopeBytes = 64 * 1024;

const tooLarge = () =>
  Response.json(
    {
      error: {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'Picture too large',
        fieldErrors: { avatar: 'avatar_too_large' },
      },
    },
    { status: 413, headers: { 'cache-control': 'no-store' } },
  );

/**
 * The signed-in member's new avatar (decision 0034): multipart field `file`, a JPG, PNG or WebP
 * (recognised by its bytes) up to 10 MB → `201 { data: { avatar: { small, large, xlarge } } }`;
 * 400 `fieldErrors.avatar` `avatar_type` or `avatar_dimensions`, 413 `avatar_too_large`, 429 past
 * the hourly limit. A refused picture changes nothing.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const declared = Number(request.headers.get('content-length') ?? 0);
    if (declared > maxAvatarBytes + envelopeBytes) return tooLarge();
    let file: FormDataEntryValue | null;
    try {
      file = (await request.formData()).get('file');
    } catch {
      throw new AppError('BAD_REQUEST', 'Expected a multipart upload with the field "file"');
    }
    if (!(file instanceof Blob)) return jsonFieldErrors({ avatar: 'avatar_type' });
    if (file.size > maxAvatarBytes) return tooLarge();
    try {
      const key = await changeAvatar(user, Buffer.from(await file.arrayBuffer()));
      purgeCachedPages(profilePages(user.username));
      return jsonData({ avatar: avatarImageOf(key) }, { status: 201 });
    } catch (error) {
      if (!(error instanceof AvatarRefused)) throw error;
      return error.reason === 'avatar_too_large' ? tooLarge() : jsonFieldErrors({ avatar: error.reason });
    }
  });
}
