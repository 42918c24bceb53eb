import { changeCover } from '@/features/tutorials/server/commands';
import { purgeTutorialPages, receivePicture, tutorialIdParam } from '@/features/tutorials/server/http';
import { coverOf } from '@/features/tutorials/server/queries';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';

export const dynamic = 'force-dynamic';

/**
 * Its author's new cover: multipart field `file`, a JPG, PNG or WebP (by its bytes) up to 15 MB →
 * `201 { data: { cover: { src, srcSet, width, height } } }`; `400 fieldErrors.picture`, `413`; another's `404`.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const id = await tutorialIdParam(params);
    return receivePicture(
      request,
      (bytes) => changeCover(user.id, id, bytes),
      (picture) => {
        purgeTutorialPages(user.username);
        return jsonData(
          { cover: coverOf({ coverKey: picture.key, coverWidth: picture.width, coverHeight: picture.height }) },
          { status: 201 },
        );
      },
    );
  });
}
