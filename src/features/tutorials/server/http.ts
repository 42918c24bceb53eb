/** What the tutorials' route handlers share: the id in the URL, page-cache purges, picture uploads. */
import { tutorialsIndex } from '@/i18n/routing';
import { AppError } from '@/server/errors';
import { jsonFieldErrors } from '@/server/http/json';
import { profilePages, purgeCachedPages } from '@/server/http/page-cache-purge';
import {
  maxUserPictureBytes,
  UserPictureRefused,
  type StoredUserPicture,
} from '@/server/images/user-pictures';

import { tutorialIdOf } from '../tutorial-fields';

export async function tutorialIdParam(params: Promise<{ id: string }>): Promise<number> {
  const id = tutorialIdOf((await params).id);
  if (id === null) throw new AppError('NOT_FOUND', 'No such tutorial');
  return id;
}

const tutorialPages = { anywhere: Object.values(tutorialsIndex).map((path) => path.slice(1)) };

/** Anonymous visitors see a change at once: the tutorials' pages and the author's profile. */
export function purgeTutorialPages(username?: string): void {
  purgeCachedPages(tutorialPages, ...(username ? [profilePages(username)] : []));
}

const envelopeBytes = 64 * 1024;

function tooLarge() {
  return Response.json(
    {
      error: {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'Picture too large',
        fieldErrors: { picture: 'picture_too_large' },
      },
    },
    { status: 413, headers: { 'cache-control': 'no-store' } },
  );
}

/**
 * A multipart upload's field `file` handed to `store`: 413 past the size limit, 400 with
 * `fieldErrors.picture` (`picture_type`, `picture_dimensions`) for a picture `storeUserPicture` refuses.
 */
export async function receivePicture(
  request: Request,
  store: (bytes: Buffer) => Promise<StoredUserPicture>,
  answer: (picture: StoredUserPicture) => Response,
): Promise<Response> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxUserPictureBytes + envelopeBytes) return tooLarge();
  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get('file');
  } catch {
    throw new AppError('BAD_REQUEST', 'Expected a multipart upload with the field "file"');
  }
  if (!(file instanceof Blob)) return jsonFieldErrors({ picture: 'picture_type' });
  if (file.size > maxUserPictureBytes) return tooLarge();
  try {
    return answer(await store(Buffer.from(await file.arrayBuffer())));
  } catch (error) {
    if (!(error instanceof UserPictureRefused)) throw error;
    return error.reason === 'picture_too_large' ? tooLarge() : jsonFieldErrors({ picture: error.reason });
  }
}
