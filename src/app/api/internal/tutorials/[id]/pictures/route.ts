import { addBodyPicture } from '@/features/tutorials/server/commands';
import { receivePicture, tutorialIdParam } from '@/features/tutorials/server/http';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';
import { userPictureUrl } from '@/server/images/user-pictures';

export const dynamic = 'force-dynamic';

/**
 * A picture for the body, by its author: multipart field `file` (as the cover) →
 * `201 { data: { url, width, height } }`, the URL to put in the Markdown (`![text](url)`); at most 40 a
 * tutorial (`409`); another's `404`.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const id = await tutorialIdParam(params);
    return receivePicture(
      request,
      (bytes) => addBodyPicture(user.id, id, bytes),
      (picture) =>
        jsonData(
          { url: userPictureUrl(picture.key, 1440), width: picture.width, height: picture.height },
          { status: 201 },
        ),
    );
  });
}
